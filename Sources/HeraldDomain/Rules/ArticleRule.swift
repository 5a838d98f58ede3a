/// A rule of the config file (`rule ACTION TARGET QUERY`): newsboat's `ignore-article` and
/// Miniflux's block and keep rules in one, written in Herald's query language and applied to new
/// articles when a refresh stores them (and to every stored article by `herald rules apply`).
///
/// A blocked article is stored hidden, never deleted: it leaves every list, search, count and
/// sync API, and the *hidden* list (``ArticleScope/hidden``) shows it again.
public struct ArticleRule: Sendable, Hashable, Codable {
    /// What a rule does to the articles it catches.
    public enum Action: Sendable, Hashable, Codable {
        /// Hides the articles the query matches (and marks them read).
        case block
        /// Hides the target's articles the query does not match; with several keep rules for one
        /// target, an article any of them matches is kept.
        case keep
        /// Stars the articles the query matches.
        case star
        /// Marks the articles the query matches read.
        case markRead
        /// Adds a tag to the articles the query matches.
        case tag(String)

        /// The action a config word names (`block`, `keep`, `star`, `read`, `tag:NAME`), or `nil`.
        public init?(word: String) {
            switch word {
            case "block": self = .block
            case "keep": self = .keep
            case "star": self = .star
            case "read": self = .markRead
            default:
                guard word.hasPrefix("tag:"), word.count > 4 else { return nil }
                self = .tag(String(word.dropFirst(4)))
            }
        }

        /// The word the config file writes (`block`, `keep`, `star`, `read`, `tag:NAME`).
        public var word: String {
            switch self {
            case .block: "block"
            case .keep: "keep"
            case .star: "star"
            case .markRead: "read"
            case .tag(let name): "tag:\(name)"
            }
        }
    }

    /// Which feeds' articles a rule looks at.
    public enum Target: Sendable, Hashable, Codable {
        /// Every feed (`*`).
        case everyFeed
        /// The feeds with a tag (`tag:NAME`).
        case tag(String)
        /// One feed, named by its URL or its title (compared without case).
        case feed(String)

        /// The target a config word names: `*`, `tag:NAME`, else a feed's URL or title (double
        /// quotes around it removed); `nil` for an empty word.
        public init?(word: String) {
            var word = word
            if word.count >= 2, word.hasPrefix("\""), word.hasSuffix("\"") { word = String(word.dropFirst().dropLast()) }
            guard !word.isEmpty else { return nil }
            if word == "*" {
                self = .everyFeed
            } else if word.hasPrefix("tag:"), word.count > 4 {
                self = .tag(String(word.dropFirst(4)))
            } else {
                self = .feed(word)
            }
        }

        /// The word the config file writes (a title with spaces in double quotes).
        public var word: String {
            switch self {
            case .everyFeed: "*"
            case .tag(let name): "tag:\(name)"
            case .feed(let name): name.contains(where: { $0 == " " || $0 == "\t" }) ? "\"" + name + "\"" : name
            }
        }
    }

    /// What the rule does.
    public var action: Action
    /// Whose articles it looks at.
    public var target: Target
    /// The articles it catches, in Herald's query language (`herald search` reads the same).
    public var query: String
    /// Where it was written (`config:12`), for messages.
    public var origin: String

    /// Creates a rule.
    public init(action: Action, target: Target, query: String, origin: String = "") {
        self.action = action
        self.target = target
        self.query = query
        self.origin = origin
    }

    /// The rule as a config line: `rule ACTION TARGET QUERY`.
    public var line: String { "rule \(action.word) \(target.word) \(query)" }
}
