import HeraldDomain

/// The article rules in force, shared by the refresh, new subscriptions and the rules screens: a
/// rule written from the web reader takes effect in the running server at once, not at its next
/// start.
public actor RuleBook {
    /// The rules, in the config's order.
    public private(set) var rules: [ArticleRule]

    /// Creates the book with the config's rules.
    public init(_ rules: [ArticleRule]) {
        self.rules = rules
    }

    /// Adds a rule at the end, unless one with the same line is there.
    /// - Returns: Whether it was added.
    @discardableResult
    public func add(_ rule: ArticleRule) -> Bool {
        guard !rules.contains(where: { $0.line == rule.line }) else { return false }
        rules.append(rule)
        return true
    }

    /// Removes every rule with `rule`'s line.
    /// - Returns: Whether one was removed.
    @discardableResult
    public func remove(_ rule: ArticleRule) -> Bool {
        let before = rules.count
        rules.removeAll { $0.line == rule.line }
        return rules.count < before
    }
}
