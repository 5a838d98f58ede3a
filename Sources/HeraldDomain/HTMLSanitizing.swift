/// Turns untrusted article HTML into HTML that is safe to put inside a web page.
public protocol HTMLSanitizing: Sendable {
    /// Keeps an allow-list of elements and attributes, resolves links against `baseURL` and drops
    /// everything that could run code or reach out (scripts, styles, handlers, frames, forms,
    /// `javascript:`/`data:` URLs).
    /// - Parameters:
    ///   - html: The markup, possibly broken.
    ///   - baseURL: The URL relative links resolve against.
    /// - Returns: Well-formed, safe HTML; never throws, broken markup is recovered.
    func sanitize(html: String, baseURL: String?) -> String
}
