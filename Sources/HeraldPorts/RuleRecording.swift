import HeraldDomain

/// Where article rules are written down: the user's config file, where the `rule` lines a person
/// types live too, so a rule added from a front end is one they can read and edit.
public protocol RuleRecording: Sendable {
    /// Writes the rule's line under a comment naming `origin` ("added in the web reader").
    /// - Returns: The rule as written, with where it was written (``ArticleRule/origin``).
    /// - Throws: ``RuleEditingError`` when the file has the rule already, the rule cannot be one
    ///   line, or the file cannot be written.
    func record(_ rule: ArticleRule, origin: String) throws(RuleEditingError) -> ArticleRule
    /// Removes the rule's line (every copy of it).
    /// - Throws: ``RuleEditingError/notInConfig(line:path:)`` when no line is the rule's, or when
    ///   the file cannot be written.
    func erase(_ rule: ArticleRule) throws(RuleEditingError)
}
