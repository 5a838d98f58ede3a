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
        switch head {
        case "article": return .articleDetail(ArticleID(try identifier(argument)), within: ArticleFilter())
        case "feed": return .articleList(ArticleFilter(scope: .feed(FeedID(try identifier(argument)))))
        case "saved": return .articleList(ArticleFilter(scope: .savedSearch(SavedSearchID(try identifier(argument)))))
        case "tag":
            guard let tag = argument, !tag.isEmpty else { throw .unknownPath(String(pathPart)) }
            return .articleList(ArticleFilter(scope: .tag(tag)))
        case "search": return .search(queryValue(named: "q", in: String(queryPart)) ?? argument ?? "")
        case "unread": return .articleList(ArticleFilter(unreadOnly: true))
        case "starred": return .articleList(ArticleFilter(starredOnly: true))
        case "all": return .articleList(ArticleFilter())
        case "feeds": return .feeds
        case "help": return .help
        default: throw .unknownPath(String(pathPart))
        }
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
    static func percentDecoded(_ text: String) -> String {
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
