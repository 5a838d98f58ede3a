import HeraldDomain
import HeraldInteractors

/// Turns the rules' catches into the rules screen's view model, with ``RuleText``'s words.
public enum RulesPresenter {
    /// The screen for the rules in force and, when one is being tried, that one.
    /// - Parameter configPath: The config file rules are written to; `nil` without one.
    public static func viewModel(_ catches: [RuleCatch], tried: RuleCatch?, configPath: String?) -> RulesViewModel {
        let path = configPath.map(DisplayText.line) ?? "the config file"
        if catches.isEmpty && tried == nil {
            return .empty(RuleText.none(configPath: configPath))
        }
        return .loaded(RulesContent(rules: catches.map(row), tried: tried.map(row), configPath: path))
    }

    /// The screen when the rules could not be read.
    public static func failure(_ error: StoreError) -> RulesViewModel {
        .failed("The rules could not be read: " + error.message, retry: .reload)
    }

    /// One rule's row.
    public static func row(_ caught: RuleCatch) -> RuleRowViewModel {
        RuleRowViewModel(
            rule: caught.rule, line: DisplayText.line(caught.rule.line), origin: DisplayText.line(caught.rule.origin),
            summary: RuleText.catchSummary(caught),
            newest: caught.newest.map { RuleMatchViewModel(id: $0.id, title: DisplayText.line($0.title),
                                                           feedTitle: DisplayText.line($0.feedTitle)) })
    }

    /// What adding a rule did, for the Container's notice: "Added `rule …`. The rule hid 3 articles."
    public static func added(_ rule: ArticleRule, applied: Result<RuleTally, StoreError>) -> String {
        let line = "Added `" + DisplayText.line(rule.line) + "`"
            + (rule.origin.isEmpty ? "." : " to " + DisplayText.line(rule.origin) + ".")
        switch applied {
        case .success(let tally): return line + " " + RuleText.applied(tally)
        case .failure(let error):
            return line + " It was not applied to the stored articles (" + error.message
                + "); `herald rules apply` applies it, and refreshes apply it to new articles."
        }
    }

    /// What removing a rule did: what it hid stays hidden.
    public static func removed(_ rule: ArticleRule) -> String {
        "Removed `" + DisplayText.line(rule.line) + "`. What it hid stays hidden: the hidden list shows it again."
    }
}
