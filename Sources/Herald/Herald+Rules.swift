import Foundation
import HeraldComposition

extension Herald {
    /// Rules (`nil`: the config's `rule ACTION TARGET QUERY` lines) over this engine's store.
    private func ruleApplier(_ rules: [ArticleRule]? = nil) -> RuleApplier {
        RuleApplier(rules: rules ?? configuration.articleRules, feeds: services.feeds, articles: services.articles,
                    clock: services.clock)
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
