import HeraldDomain
/// Turns untrusted article HTML (feed content from the internet) into HTML that a web front end
/// may insert into its own page: only an allow-list of elements and attributes survives, links and
/// images point only at `http`/`https` (and links also at `mailto`), nothing can run script, load
/// styles or frames, or clobber the page's own elements.
public protocol HTMLSanitizing: Sendable {
    /// Sanitises an HTML fragment or page.
    /// - Parameters:
    ///   - html: The markup, possibly broken or hostile.
    ///   - baseURL: The URL relative links and image sources resolve against (the article's or
    ///     the feed's); without it, relative URLs are refused.
    /// - Returns: Well-formed HTML made of allowed elements and attributes only; never fails.
    ///   Sanitising the result again returns it unchanged.
    func sanitize(html: String, baseURL: String?) -> String
}
