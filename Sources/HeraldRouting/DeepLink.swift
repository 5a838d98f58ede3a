import HeraldDomain

/// Why a deep link could not be opened; every message says what the user can do.
public enum DeepLinkError: Error, Sendable, Hashable {
    /// The link is not a `herald://` link nor an article number.
    case unsupported(String)
    /// The link's path names no screen.
    case unknownPath(String)
    /// An identifier is not a positive whole number.
    case invalidIdentifier(String)

    /// What went wrong and what the user can do.
    public var message: String {
        switch self {
        case .unsupported(let link):
            "\(link) is not a Herald link; use herald://article/ID, herald://feed/ID, herald://search?q=… or an article number."
        case .unknownPath(let path):
            "Herald has no screen called \u{201C}\(path)\u{201D}; try article, feed, tag, saved, search, unread, starred, feeds or help."
        case .invalidIdentifier(let text):
            "\u{201C}\(text)\u{201D} is not an identifier; identifiers are whole numbers such as 42 (see `herald list`)."
        }
    }
}

/// Deep links into the reader: `herald://article/42`, `herald://feed/3`, `herald://tag/news`,
/// `herald://saved/2`, `herald://search?q=swift`, `herald://unread`, `herald://starred`,
/// `herald://feeds`, `herald://help`; a bare number (`herald show 42`) is an article.
public enum DeepLink {
    /// The route a link names.
    /// - Throws: ``DeepLinkError`` for anything else.
    public static func route(from link: String) throws(DeepLinkError) -> Route {
        let trimmed = String(link.unicodeScalars.filter { !$0.properties.isWhitespace })
        if let id = Int64(trimmed) {
            guard id > 0 else { throw .invalidIdentifier(trimmed) }
            return .articleDetail(ArticleID(id), within: ArticleFilter())
        }
        let scheme = "herald://"
        guard trimmed.lowercased().hasPrefix(scheme) else { throw .unsupported(link) }
        let rest = trimmed.dropFirst(scheme.count)
        let pathPart = rest.prefix { $0 != "?" }
        let queryPart = rest.dropFirst(pathPart.count + 1)
        let parts = pathPart.split(separator: "/").map { percentDecoded(String($0)) }
        guard let head = parts.first?.lowercased() else { return .feeds }
        let argument = parts.count > 1 ? parts[1] : nil
        let query = String(queryPart)
        // `?unread=1` / `?starred=1` narrow a list (the web front end's "unread only" toggle).
        let unread = queryValue(named: "unread", in: query) == "1"
        let starred = queryValue(named: "starred", in: query) == "1"
        switch head {
        case "article":
            let id = ArticleID(try identifier(argument))
            guard let within = queryValue(named: "in", in: query), !within.isEmpty else {
                return .articleDetail(id, within: ArticleFilter())
            }
            guard case .articleList(let filter) = try route(from: scheme + within) else {
                throw .unknownPath(within)
            }
            return .articleDetail(id, within: filter)
        case "feed":
            return .articleList(ArticleFilter(scope: .feed(FeedID(try identifier(argument))), unreadOnly: unread,
                                              starredOnly: starred))
        case "saved":
            return .articleList(ArticleFilter(scope: .savedSearch(SavedSearchID(try identifier(argument))),
                                              unreadOnly: unread, starredOnly: starred))
        case "tag":
            guard let tag = argument, !tag.isEmpty else { throw .unknownPath(String(pathPart)) }
            return .articleList(ArticleFilter(scope: .tag(tag), unreadOnly: unread, starredOnly: starred))
        case "search":
            let text = queryValue(named: "q", in: query) ?? argument ?? ""
            guard let within = queryValue(named: "in", in: query), !within.isEmpty else { return .search(text) }
            guard case .articleList(let filter) = try route(from: scheme + within) else { throw .unknownPath(within) }
            return .search(text, within: filter)
        case "unread": return .articleList(ArticleFilter(unreadOnly: true, starredOnly: starred))
        case "starred": return .articleList(ArticleFilter(unreadOnly: unread, starredOnly: true))
        case "all": return .articleList(ArticleFilter(unreadOnly: unread, starredOnly: starred))
        case "hidden": return .articleList(ArticleFilter(scope: .hidden, unreadOnly: unread, starredOnly: starred))
        case "feeds": return .feeds
        case "help": return .help
        default: throw .unknownPath(String(pathPart))
        }
    }

    /// The link that names a route: the inverse of ``route(from:)`` (`herald://feed/3?unread=1`,
    /// `herald://article/42?in=tag/news`). Date restrictions of a filter have no link form and are left out.
    public static func link(for route: Route) -> String {
        "herald://" + path(for: route)
    }

    /// A route's link without the scheme (`feed/3?unread=1`): the web front end's path after `/`.
    public static func path(for route: Route) -> String {
        switch route {
        case .feeds: return "feeds"
        case .help: return "help"
        case let .search(query, filter):
            var parameters: [String] = []
            if !query.isEmpty { parameters.append("q=" + percentEncoded(query)) }
            if filter != ArticleFilter() { parameters.append("in=" + listParameter(for: filter)) }
            return parameters.isEmpty ? "search" : "search?" + parameters.joined(separator: "&")
        case .articleList(let filter): return listPath(for: filter)
        case let .articleDetail(id, filter):
            let base = "article/\(id.rawValue)"
            return filter == ArticleFilter() ? base : base + "?in=" + listParameter(for: filter)
        }
    }

    /// A list named in a query parameter (`in=feed%2F3` of an article's link, `from=` of the web's
    /// unread-feed moves): its path, percent-encoded. ``route(from:)`` reads it back after `herald://`.
    public static func listParameter(for filter: ArticleFilter) -> String {
        percentEncoded(listPath(for: filter))
    }

    private static func listPath(for filter: ArticleFilter) -> String {
        var flags: [String] = []
        let base: String
        switch filter.scope {
        case .feed(let id): base = "feed/\(id.rawValue)"
        case .tag(let tag): base = "tag/" + percentEncoded(tag)
        case .savedSearch(let id): base = "saved/\(id.rawValue)"
        case .hidden: base = "hidden"
        case .all:
            if filter.unreadOnly { return filter.starredOnly ? "unread?starred=1" : "unread" }
            if filter.starredOnly { return "starred" }
            return "all"
        }
        if filter.unreadOnly { flags.append("unread=1") }
        if filter.starredOnly { flags.append("starred=1") }
        return flags.isEmpty ? base : base + "?" + flags.joined(separator: "&")
    }

    /// Percent-encodes everything but unreserved characters (RFC 3986), as UTF-8.
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }

    private static func identifier(_ text: String?) throws(DeepLinkError) -> Int64 {
        guard let text, let value = Int64(text), value > 0 else { throw .invalidIdentifier(text ?? "") }
        return value
    }

    /// The value of `name` in an `a=1&b=2` query, `+` read as a space.
    static func queryValue(named name: String, in query: String) -> String? {
        for pair in query.split(separator: "&") {
            let keyValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if keyValue.first.map(String.init) == name {
                let raw = keyValue.count > 1 ? String(keyValue[1]) : ""
                return percentDecoded(raw.replacing("+", with: " "))
            }
        }
        return nil
    }

    /// `%XX` escapes decoded as UTF-8; malformed escapes are kept as written.
    public static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
