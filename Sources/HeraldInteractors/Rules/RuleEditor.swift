import HeraldDomain
import HeraldPorts

/// Adds and removes article rules from a front end (the web reader's rules page): the rule is
/// written to the config file, where a person reads and edits it, takes effect in the running
/// engine at once (the shared ``RuleBook``), and an added rule is applied to every stored article.
public struct RuleEditor: Sendable {
    private let applier: RuleApplier
    private let recorder: any RuleRecording

    /// Creates the editor over the engine's rules and the config file's recorder.
    public init(applier: RuleApplier, recorder: any RuleRecording) {
        self.applier = applier
        self.recorder = recorder
    }

    /// Checks the rule's query, writes the rule, adds it to the rules in force and applies it to
    /// every stored article.
    /// - Parameter origin: What the config file's comment above it says ("added in the web reader").
    /// - Returns: The rule as written (with its place in the file), and what applying it to the
    ///   stored articles changed, or why it could not be applied to them (it is written and in
    ///   force all the same: the next refresh applies it to new articles, `herald rules apply` to
    ///   the stored ones).
    /// - Throws: ``RuleEditingError``; nothing is written when the query is refused.
    public func add(_ rule: ArticleRule, origin: String) async throws(RuleEditingError)
        -> (rule: ArticleRule, applied: Result<RuleTally, StoreError>) {
        if case .tag(let name) = rule.action, name.isEmpty || name.contains(where: { $0 == " " || $0 == "\t" || $0 == "#" }) {
            throw .notOneLine(reason: "a tag to add has no spaces or `#` (`\(name)`)")
        }
        do {
            _ = try await applier.test(query: rule.query, target: rule.target, limit: 0)
        } catch .invalidQuery(let reason) {
            throw .invalidQuery(reason: reason)
        } catch {
            throw .cannotWrite(path: "the rules", reason: error.message)
        }
        let written = try recorder.record(rule, origin: origin)
        await applier.book.add(written)
        do {
            return (written, .success(try await applier.applying(only: [written]).apply(firstSeenSince: nil)))
        } catch {
            return (written, .failure(error))
        }
    }

    /// Removes the rule from the config file and from the rules in force. What it hid stays
    /// hidden: the hidden list shows it again.
    /// - Throws: ``RuleEditingError``.
    public func remove(_ rule: ArticleRule) async throws(RuleEditingError) {
        try recorder.erase(rule)
        await applier.book.remove(rule)
    }
}
