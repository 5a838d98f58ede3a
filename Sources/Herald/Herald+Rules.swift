import Foundation
import HeraldComposition

extension Herald {
    /// Rules (`nil`: the rules in force, the config's `rule ACTION TARGET QUERY` lines and those
    /// added since) over this engine's store.
    private func ruleApplier(_ rules: [ArticleRule]? = nil) -> RuleApplier {
        rules.map { services.rules.applying(only: $0) } ?? services.rules
    }

    /// The rules in force: the config's, and those added or removed since the engine opened.
    public func rules() async -> [ArticleRule] {
        await services.rules.book.rules
    }

    /// Adds a rule: checks its query, writes it at the end of the config file under a comment
    /// naming `origin`, puts it in force at once (the next refresh applies it to new articles) and
    /// applies it to every stored article.
    /// - Returns: The rule as written (its ``ArticleRule/origin`` is its place in the file), and
    ///   what applying it changed or why it could not be applied to the stored articles.
    /// - Throws: ``HeraldError/rule(_:)``: an invalid query, no config file, a rule already there.
    public func addRule(_ rule: ArticleRule, origin: String) async throws(HeraldError)
        -> (rule: ArticleRule, applied: Result<RuleTally, StoreError>) {
        do { return try await RuleEditor(applier: services.rules, recorder: services.ruleRecorder).add(rule, origin: origin) }
        catch { throw .rule(error) }
    }

    /// Removes a rule from the config file and from the rules in force. The articles it hid stay
    /// hidden; the hidden list shows them again.
    /// - Throws: ``HeraldError/rule(_:)`` when the config file has no such line or cannot be written.
    public func removeRule(_ rule: ArticleRule) async throws(HeraldError) {
        do { try await RuleEditor(applier: services.rules, recorder: services.ruleRecorder).remove(rule) }
        catch { throw .rule(error) }
    }

    /// What each of the config's rules catches among the stored articles now, with up to `limit`
    /// of its newest matches (`herald rules`).
    public func ruleCatches(limit: Int = 5) async throws(HeraldError) -> [RuleCatch] {
        do { return try await ruleApplier().catches(limit: limit) } catch { throw .store(error) }
    }

    /// What a rule with `query` would catch in `target` among the stored articles, with up to
    /// `limit` of its newest matches (`herald rules test`).
    /// - Throws: ``HeraldError/store(_:)`` with ``StoreError/invalidQuery(reason:)`` for a query the
    ///   search refuses.
    public func testRule(query: String, in target: ArticleRule.Target = .everyFeed,
                         limit: Int = 20) async throws(HeraldError) -> RuleCatch {
        do { return try await ruleApplier().test(query: query, target: target, limit: limit) } catch { throw .store(error) }
    }

    /// Applies rules to every stored article (a refresh applies them to what it stores): after a
    /// rule was added or changed.
    /// - Parameter rules: The rules; `nil` for the config's.
    public func applyRules(_ rules: [ArticleRule]? = nil) async throws(HeraldError) -> RuleTally {
        do { return try await ruleApplier(rules).apply(firstSeenSince: nil) } catch { throw .store(error) }
    }

    /// Hides articles or shows them again (the hidden list's `unhide`).
    public func setHidden(_ isHidden: Bool, for ids: [ArticleID]) async throws(HeraldError) {
        try await apply(.hidden(isHidden, ids: ids))
    }
}
