import Herald
import Hummingbird

/// The rules page and its two actions: add a rule tried on the page, remove one in force. Both
/// write the config file through the facade, and the running server applies the change at once.
extension WebApp {
    /// `GET /rules` (`?action=&tag=&target=&query=` tries a rule).
    func rulesPage(_ request: Request) async -> Response {
        let form = Self.query(request)
        var draft = RulesPage.Draft()
        draft.action = form["action"] ?? draft.action
        draft.tag = form["tag"] ?? ""
        draft.target = form["target"] ?? draft.target
        draft.query = form["query"] ?? ""
        var tried: RuleCatch?
        if let rule = RulesPage.rule(from: form) {
            do {
                var caught = try await herald.testRule(query: rule.query, in: rule.target, limit: 5)
                caught.rule = rule
                tried = caught
            } catch {
                await herald.container.showError(error.message, retry: nil)
            }
        }
        let viewModel: RulesViewModel
        do {
            viewModel = RulesPresenter.viewModel(try await herald.ruleCatches(limit: 3), tried: tried,
                                                 configPath: herald.configuration.configFilePath)
        } catch {
            if case .store(let storeError) = error {
                viewModel = RulesPresenter.failure(storeError)
            } else {
                viewModel = .failed(error.message, retry: .reload)
            }
        }
        let feeds = (try? await herald.feeds()) ?? []
        let tags = (try? await herald.tags(among: feeds)) ?? []
        let targets = RulesPage.Targets(tags: tags, feeds: feeds.map { ($0.url, $0.displayTitle) })
        return Self.html(RulesPage.render(viewModel, draft: draft, targets: targets, context: await pageContext(request)))
    }

    /// `POST /rules/add`: writes the rule, puts it in force and applies it to the stored articles;
    /// the notice says what it changed. A refused rule goes back to the page with the rule tried.
    func addRule(_ form: FormData, request: Request) async -> Response {
        guard let rule = RulesPage.rule(from: form) else {
            return await errorPage(.badRequest, "No rule", "A rule needs an action, its feeds and a query.", request)
        }
        do {
            let added = try await herald.addRule(rule, origin: "added in the web reader")
            await herald.container.showNotice(RulesPresenter.added(added.rule, applied: added.applied))
            return Self.seeOther("/rules")
        } catch {
            await herald.container.showError(error.message, retry: nil)
            return Self.seeOther("/rules?" + RulesPage.fields(of: rule)
                .map { $0.0 + "=" + ConfirmPage.formEncoded($0.1) }.joined(separator: "&"))
        }
    }

    /// `POST /rules/remove`: removes the rule's line from the config file and from the rules in force.
    func removeRule(_ form: FormData, request: Request) async -> Response {
        guard let rule = RulesPage.rule(from: form) else {
            return await errorPage(.badRequest, "No rule", "This form names no rule; reload the rules page.", request)
        }
        do {
            try await herald.removeRule(rule)
            await herald.container.showNotice(RulesPresenter.removed(rule))
        } catch {
            await herald.container.showError(error.message, retry: nil)
        }
        return Self.seeOther("/rules")
    }
}
