import Foundation
import HeraldDomain
import HeraldPorts

/// A simple ``HTMLRendering`` for tests: block tags (`p`, `div`, `br`, `li`, headings) end a
/// paragraph, other tags are dropped, `<a href>` becomes a numbered `[n]` reference, and the
/// common entities are decoded. It is not a real HTML parser; the parsing target provides one.
public struct TagStrippingRenderer: HTMLRendering {
    /// Creates the renderer.
    public init() {}

    /// Renders `html` as paragraphs with numbered links.
    public func render(html: String, baseURL: String?) -> RichText {
        var paragraphs: [String] = []
        var links: [NumberedLink] = []
        var current = ""
        var remainder = Substring(html)
        while let open = remainder.firstIndex(of: "<") {
            current += remainder[..<open]
            guard let close = remainder[open...].firstIndex(of: ">") else { remainder = remainder[open...]; break }
            let tag = remainder[remainder.index(after: open)..<close].lowercased()
            let name = tag.split(whereSeparator: { $0 == " " || $0 == "/" }).first.map(String.init) ?? ""
            if ["p", "div", "br", "li", "h1", "h2", "h3", "blockquote"].contains(name) || tag.hasPrefix("/p") {
                paragraphs.append(current)
                current = ""
            } else if name == "a", let href = Self.attribute("href", in: String(remainder[open...close])) {
                links.append(NumberedLink(number: links.count + 1, url: Self.resolve(href, against: baseURL), kind: .link))
            } else if tag == "/a", let last = links.last {
                current += "[\(last.number)]"
            }
            remainder = remainder[remainder.index(after: close)...]
        }
        paragraphs.append(current + remainder)
        let blocks = paragraphs
            .map { Self.decode($0).split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            .filter { !$0.isEmpty }
            .map { TextBlock(kind: .paragraph, text: $0) }
        return RichText(blocks: blocks, links: links)
    }

    static func attribute(_ name: String, in tag: String) -> String? {
        guard let start = tag.range(of: "\(name)=\"") else { return nil }
        let rest = tag[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    static func resolve(_ href: String, against base: String?) -> String {
        guard href.hasPrefix("/"), let base, let scheme = base.range(of: "://") else { return href }
        let host = base[scheme.upperBound...].prefix { $0 != "/" }
        return base[..<scheme.upperBound] + host + href
    }

    static func decode(_ text: String) -> String {
        [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", " "), ("&amp;", "&")]
            .reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }
}
