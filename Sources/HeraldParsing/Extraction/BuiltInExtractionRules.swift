import HeraldDomain

/// The per-site rules Herald ships, for markup the scoring reads poorly and whose class names are
/// the platform's own (so they hold across the site's pages). A user's `extract-keep` and
/// `extract-drop` lines come first; `BuiltInExtractionRulesTests` checks each one reads.
public enum BuiltInExtractionRules {
    /// The rules as `(host, keep, drop)` selector texts.
    static let lines: [(host: String, keep: String?, drop: String?)] = [
        // MediaWiki: "[edit]" links, navigation boxes, maintenance notices.
        ("wikipedia.org", nil, ".mw-editsection, .navbox, .vertical-navbox, .metadata, .mbox-small, .noprint"),
        // A repository's README or a rendered Markdown file.
        ("github.com", "article.markdown-body", nil),
        // An abstract page: the abstract, not the listing around it.
        ("arxiv.org", "blockquote.abstract", nil),
    ]

    /// The rules, parsed.
    public static let all: [ExtractionRule] = lines.compactMap { line -> ExtractionRule? in
        do {
            let keep = try line.keep.map { text throws(CSSSelectorError) in try CSSSelector(text) }
            let drop = try line.drop.map { text throws(CSSSelectorError) in try CSSSelector(text) }
            return ExtractionRule(host: line.host, keep: keep.map { [$0] } ?? [], drop: drop.map { [$0] } ?? [])
        } catch {
            return nil
        }
    }
}
