import HeraldDomain
import HeraldInteractors

/// The rules screen (the web reader's `/rules`): one state at a time.
public typealias RulesViewModel = ScreenState<RulesContent, RulesIntent>

/// What the rules screen can ask again.
public enum RulesIntent: Sendable, Hashable {
    /// Read the rules and what they catch again.
    case reload
}

/// The rules in force with what each catches now, and a rule being tried before it is written.
public struct RulesContent: Sendable, Hashable {
    /// The rules, in the config's order.
    public var rules: [RuleRowViewModel]
    /// The rule tried with the test form, if any.
    public var tried: RuleRowViewModel?
    /// Where rules are written, for the page's explanation ("the config file" without one).
    public var configPath: String

    /// Creates the content.
    public init(rules: [RuleRowViewModel], tried: RuleRowViewModel?, configPath: String) {
        self.rules = rules
        self.tried = tried
        self.configPath = configPath
    }
}

/// One rule: its config line, where it was written, what it catches now and its newest matches.
public struct RuleRowViewModel: Sendable, Hashable {
    /// The rule itself (a front end posts it back to remove or add it).
    public var rule: ArticleRule
    /// `rule block * title:sponsored`, safe to print.
    public var line: String
    /// Where it was written (`~/.config/herald/config:12`), safe to print; empty when not written.
    public var origin: String
    /// "Matches 3 of 120 shown articles; a block rule would hide them.", or why it catches nothing.
    public var summary: String
    /// The newest matched articles: id, title and feed, safe to print.
    public var newest: [RuleMatchViewModel]

    /// Creates the row.
    public init(rule: ArticleRule, line: String, origin: String, summary: String, newest: [RuleMatchViewModel]) {
        self.rule = rule
        self.line = line
        self.origin = origin
        self.summary = summary
        self.newest = newest
    }
}

/// An article a rule matches.
public struct RuleMatchViewModel: Sendable, Hashable, Identifiable {
    /// The article.
    public var id: ArticleID
    /// Its title.
    public var title: String
    /// Its feed's title.
    public var feedTitle: String

    /// Creates the match.
    public init(id: ArticleID, title: String, feedTitle: String) {
        self.id = id
        self.title = title
        self.feedTitle = feedTitle
    }
}
