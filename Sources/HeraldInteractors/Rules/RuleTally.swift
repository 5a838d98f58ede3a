import HeraldDomain

/// What applying rules did: how many articles each action changed.
public struct RuleTally: Sendable, Hashable {
    /// Articles hidden by `block` or `keep` rules (also marked read).
    public var hidden = 0
    /// Articles starred.
    public var starred = 0
    /// Articles marked read by `read` rules.
    public var markedRead = 0
    /// Articles given a tag.
    public var tagged = 0

    /// Creates an empty tally.
    public init() {}

    /// True when no rule changed anything.
    public var isEmpty: Bool { hidden + starred + markedRead + tagged == 0 }
}

/// What one rule catches among stored articles (`herald rules` and `herald rules test`).
public struct RuleCatch: Sendable, Hashable {
    /// The rule.
    public var rule: ArticleRule
    /// How many of the target's shown articles the query matches (for a `keep` rule: matches,
    /// so the rest of the target would be hidden).
    public var matched: Int
    /// How many shown articles the target has.
    public var inTarget: Int
    /// The newest matched articles, newest first.
    public var newest: [ArticleSummary]
    /// True when the target names a feed that no subscription has (the rule catches nothing).
    public var targetIsUnknown: Bool

    /// Creates a catch.
    public init(rule: ArticleRule, matched: Int, inTarget: Int, newest: [ArticleSummary], targetIsUnknown: Bool) {
        self.rule = rule
        self.matched = matched
        self.inTarget = inTarget
        self.newest = newest
        self.targetIsUnknown = targetIsUnknown
    }
}
