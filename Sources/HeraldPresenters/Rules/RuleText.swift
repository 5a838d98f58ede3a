import HeraldDomain
import HeraldInteractors

/// The words of the config's article rules (`herald rules`, `herald rules test`, `herald rules
/// apply`), for every front end that shows them. Titles and queries are made safe to print.
public enum RuleText {
    /// "No rules. Add `rule ACTION TARGET QUERY` lines to …" for a config without rules.
    public static func none(configPath: String?) -> String {
        "No rules. Add lines such as `rule block * title:sponsored` to "
            + (configPath.map(DisplayText.line) ?? "the config file")
            + " (actions: block, keep, star, read, tag:NAME)."
    }

    /// What one rule catches now: its line, where it was written, the count and its newest matches.
    public static func lines(_ caught: RuleCatch) -> [String] {
        var lines = [DisplayText.line(caught.rule.line) + (caught.rule.origin.isEmpty ? "" : "   (" + DisplayText.line(caught.rule.origin) + ")")]
        lines.append("  " + catchSummary(caught))
        if caught.targetIsUnknown { return lines }
        for row in caught.newest {
            lines.append("  " + String(row.id.rawValue) + "  " + DisplayText.line(row.title) + " — " + DisplayText.line(row.feedTitle))
        }
        return lines
    }

    /// What a rule catches, or that its target names no feed (so it catches nothing).
    public static func catchSummary(_ caught: RuleCatch) -> String {
        caught.targetIsUnknown
            ? "No feed has the URL or title “" + DisplayText.line(caught.rule.target.word) + "”: this rule catches nothing."
            : summary(caught)
    }

    /// "Matches 3 of 120 shown articles; a block hides them." (what the action would do).
    public static func summary(_ caught: RuleCatch) -> String {
        let matches = "Matches " + String(caught.matched) + " of " + CountText.count(caught.inTarget, "shown article")
        switch caught.rule.action {
        case .block: return matches + (caught.matched > 0 ? "; a block rule would hide them." : ".")
        case .keep: return matches + "; a keep rule would hide the other " + String(caught.inTarget - caught.matched) + "."
        case .star: return matches + "; the rule stars them."
        case .markRead: return matches + "; the rule marks them read."
        case .tag(let name): return matches + "; the rule tags them " + DisplayText.line(name) + "."
        }
    }

    /// What `herald rules apply` (or a refresh) changed.
    public static func applied(_ tally: RuleTally) -> String {
        if tally.isEmpty { return "The rules changed nothing." }
        var parts: [String] = []
        if tally.hidden > 0 { parts.append("hid " + CountText.count(tally.hidden, "article")) }
        if tally.starred > 0 { parts.append("starred " + CountText.count(tally.starred, "article")) }
        if tally.markedRead > 0 { parts.append("marked " + CountText.count(tally.markedRead, "article") + " read") }
        if tally.tagged > 0 { parts.append("tagged " + CountText.count(tally.tagged, "article")) }
        return "The rules " + parts.joined(separator: ", ") + "."
    }
}
