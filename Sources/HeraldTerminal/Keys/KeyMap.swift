/// Where a key is pressed: each screen has its own bindings over the global ones.
public enum KeyContext: String, Sendable, Hashable, CaseIterable {
    /// Bindings every screen has.
    case global
    /// The feeds screen.
    case feeds = "feedlist"
    /// An article list.
    case articleList = "articlelist"
    /// One article.
    case article
    /// Search results.
    case search
    /// The help screen.
    case help
    /// A confirmation or an error alert.
    case alert
}

/// A `bind-key` line that could not be used; the message names the file and line.
public struct KeyBindingError: Error, Sendable, Hashable {
    /// What is wrong and how to write it.
    public let message: String
}

/// Keys to actions, per context: the single source of what a key does and of the help screen.
public struct KeyMap: Sendable, Hashable {
    private var bindings: [KeyContext: [Key: ReaderAction]]

    /// newsboat's keys: j/k and arrows, PgUp/PgDn/space, g/G, Enter, q, Q, r, R, n/p, N, s, A, C, l,
    /// /, o, O, ^L, ?.
    public static let standard: KeyMap = {
        var map = KeyMap(bindings: [:])
        let global: [(Key, ReaderAction)] = [
            (.character("k"), .up), (.up, .up), (.character("j"), .down), (.down, .down),
            (.pageUp, .pageUp), (.character("b"), .pageUp), (.pageDown, .pageDown), (.character(" "), .pageDown),
            (.character("g"), .home), (.home, .home), (.character("G"), .end), (.end, .end),
            (.enter, .open), (.right, .open), (.character("q"), .quit), (.left, .quit), (.character("Q"), .hardQuit),
            (.character("R"), .reloadAll), (.control("c"), .interrupt), (.control("z"), .suspend), (.control("l"), .redraw),
            (.character("/"), .search), (.character("?"), .help),
        ]
        for (key, action) in global { map.bind(key, to: action, in: .global) }
        let listing: [(Key, ReaderAction)] = [
            (.character("r"), .reload), (.character("n"), .nextUnread), (.character("p"), .previousUnread),
            (.character("A"), .markAllRead),
        ]
        for context in [KeyContext.feeds, .articleList] {
            for (key, action) in listing { map.bind(key, to: action, in: context) }
        }
        map.bind(.character("D"), to: .removeFeed, in: .feeds)
        map.bind(.character("C"), to: .markEverythingRead, in: .feeds)
        map.bind(.character("l"), to: .toggleShowReadFeeds, in: .feeds)
        map.bind(.character("t"), to: .selectTag, in: .feeds)
        map.bind(.control("t"), to: .clearTag, in: .feeds)
        map.bind(.character("f"), to: .toggleFullText, in: .feeds)
        map.bind(.character("f"), to: .toggleFullText, in: .article)
        map.bind(.character("e"), to: .enqueue, in: .article)
        map.bind(.character("u"), to: .showURLs, in: .article)
        // Not on search results: the search module has no read/star intents yet; a result is
        // opened first (help lists only what works).
        for context in [KeyContext.articleList, .article] {
            map.bind(.character("N"), to: .toggleRead, in: context)
            map.bind(.character("s"), to: .toggleStar, in: context)
            map.bind(.character("o"), to: .openInBrowser, in: context)
            map.bind(.character("O"), to: .openInBrowserAndMarkRead, in: context)
        }
        let article: [(Key, ReaderAction)] = [
            (.character("n"), .nextUnread), (.character("p"), .previousUnread), (.character("J"), .nextArticle),
            (.character("K"), .previousArticle), (.character("r"), .reload),
        ]
        for (key, action) in article { map.bind(key, to: action, in: .article) }
        let alert: [(Key, ReaderAction)] = [
            (.character("y"), .confirm), (.enter, .confirm), (.character("n"), .cancel), (.escape, .cancel),
            (.character("q"), .cancel), (.character("r"), .retry), (.control("c"), .cancel),
        ]
        for (key, action) in alert { map.bind(key, to: action, in: .alert) }
        map.bind(.escape, to: .quit, in: .help)
        return map
    }()

    /// Binds a key in a context (replacing what it did there).
    public mutating func bind(_ key: Key, to action: ReaderAction, in context: KeyContext) {
        bindings[context, default: [:]][key] = action
    }

    /// What a key does in a context: the context's binding, else the global one (alerts have no
    /// global fallback: a stray key never acts behind a question).
    public func action(for key: Key, in context: KeyContext) -> ReaderAction? {
        if let action = bindings[context]?[key] { return action }
        return context == .alert ? nil : bindings[.global]?[key]
    }

    /// Every action reachable in a context with its keys, in the order of ``ReaderAction/allCases``:
    /// what the help screen lists and the hints line draws from.
    public func actions(in context: KeyContext) -> [(action: ReaderAction, keys: [Key])] {
        var keysByAction: [ReaderAction: [Key]] = [:]
        let own = bindings[context] ?? [:]
        for (key, action) in own { keysByAction[action, default: []].append(key) }
        if context != .alert {
            // ENTER opens a row: in an article or the help there is none, so it is not offered there.
            let opensNothing = context == .article || context == .help
            for (key, action) in bindings[.global] ?? [:] where own[key] == nil && !(opensNothing && action == .open) {
                keysByAction[action, default: []].append(key)
            }
        }
        return ReaderAction.allCases.compactMap { action in
            guard let keys = keysByAction[action] else { return nil }
            return (action, keys.sorted { Self.order($0) < Self.order($1) })
        }
    }

    /// Characters first (lowercase before uppercase), then named keys.
    private static func order(_ key: Key) -> String {
        if case .character(let character) = key, character != " " { return "0" + (character.isUppercase ? "1" : "0") + key.name }
        return "1" + key.name
    }

    /// Applies `bind-key KEY ACTION [CONTEXT]` lines (from the config file) to the standard map.
    /// - Parameter lines: Each line's words after `bind-key`, with its place (`file:line`).
    /// - Throws: ``KeyBindingError`` naming the place of the first bad line.
    public static func standard(with lines: [(words: [String], place: String)]) throws(KeyBindingError) -> KeyMap {
        var map = standard
        for (words, place) in lines {
            guard words.count == 2 || words.count == 3 else {
                throw KeyBindingError(message: "\(place): write `bind-key KEY ACTION [CONTEXT]`, e.g. `bind-key ^D pagedown`.")
            }
            guard let key = Key(name: words[0]) else {
                throw KeyBindingError(message: "\(place): `\(words[0])` is not a key; use a character, ENTER, SPACE, UP, DOWN, PPAGE, NPAGE, HOME, END, ESC, TAB or ^X.")
            }
            guard let action = ReaderAction(rawValue: words[1]) else {
                let names = ReaderAction.allCases.map(\.rawValue).joined(separator: ", ")
                throw KeyBindingError(message: "\(place): `\(words[1])` is not an action; the actions are \(names).")
            }
            var context = KeyContext.global
            if words.count == 3 {
                guard let named = KeyContext(rawValue: words[2]) else {
                    let names = KeyContext.allCases.map(\.rawValue).joined(separator: ", ")
                    throw KeyBindingError(message: "\(place): `\(words[2])` is not a context; the contexts are \(names).")
                }
                context = named
            }
            map.bind(key, to: action, in: context)
        }
        return map
    }
}
