import CLibXML2
import HeraldDomain

/// Collects HTML SAX events into text blocks. One per render call, never shared.
final class RichTextBuilder {
    private struct List { var ordered: Bool; var counter: Int }

    private let baseURL: String?
    private var blocks: [TextBlock] = []
    private var links: [NumberedLink] = []
    private var inline = ""
    private var lists: [List] = []
    private var itemMarker: (String, Int)?
    private var quoteDepth = 0
    private var preDepth = 0
    private var headingLevel: Int?
    private var skipDepth = 0
    private var cells: [String]?
    private var cell: String?
    private var linkStack: [String?] = []
    /// A MathML formula being read: shown as its alternative text, else its TeX annotation, else
    /// the text of its elements.
    private var formula: Formula?

    private struct Formula {
        var alternative: String?
        var text = ""
        var tex = ""
        /// Inside an `annotation`; whether it is TeX.
        var annotation: Bool?
    }

    private static let skipped: Set<String> = ["script", "style", "iframe", "noscript", "head", "title", "object", "embed",
                                               "template", "svg", "annotation-xml", "frameset", "frame", "select",
                                               "button"]
    private static let blockTags: Set<String> = ["p", "div", "section", "article", "header", "footer", "aside", "nav",
                                                 "main", "figure", "figcaption", "dl", "dt", "dd", "address", "center",
                                                 "table", "form", "fieldset", "details", "summary"]

    /// A base that is itself unsafe to open (`javascript:…` as an article's link) is ignored: relative
    /// links resolved against it would become `javascript:` links.
    init(baseURL: String?) { self.baseURL = baseURL.flatMap { LinkSafety.isOfferable($0) ? $0 : nil } }

    func start(_ name: String, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        if skipDepth > 0 || Self.skipped.contains(name) {
            if Self.skipped.contains(name) { skipDepth += 1 }
            return
        }
        if name == "math", formula == nil {
            let alternative = HTMLPushParser.attribute("alttext", in: attributes)?.trimmingASCIIWhitespace()
            formula = Formula(alternative: alternative?.isEmpty == false ? alternative : nil)
            return
        }
        if formula != nil {
            if name == "annotation" {
                let encoding = HTMLPushParser.attribute("encoding", in: attributes)?.lowercased() ?? ""
                formula?.annotation = encoding == "tex" || encoding.contains("x-tex") || encoding.contains("latex")
            }
            return
        }
        switch name {
        case "h1", "h2", "h3", "h4", "h5", "h6":
            flush()
            headingLevel = Int(String(name.dropFirst()))
        case "ul", "ol", "menu":
            flush()
            let start = HTMLPushParser.attribute("start", in: attributes).flatMap { Int($0) } ?? 1
            lists.append(List(ordered: name == "ol", counter: start))
        case "li":
            flush()
            guard !lists.isEmpty else { itemMarker = ("•", 0); return }
            let depth = lists.count - 1
            if lists[depth].ordered {
                itemMarker = ("\(lists[depth].counter).", depth)
                lists[depth].counter += 1
            } else {
                itemMarker = (["•", "◦", "▪"][depth % 3], depth)
            }
        case "blockquote": flush(); quoteDepth += 1
        case "pre": flush(); preDepth += 1
        case "br": append(preDepth > 0 ? "\n" : "\u{2028}")
        case "hr":
            flush()
            blocks.append(TextBlock(kind: .rule, text: ""))
        case "tr": flush(); cells = []
        case "td", "th": cell = ""
        case "a":
            let href = HTMLPushParser.attribute("href", in: attributes).map { $0.trimmingASCIIWhitespace() }
            linkStack.append(href.flatMap { $0.isEmpty || $0.hasPrefix("#") || !LinkSafety.isOfferable($0) ? nil : $0 })
        case "img":
            guard let src = HTMLPushParser.attribute("src", in: attributes), !src.isEmpty,
                  LinkSafety.isOfferable(src) else { return }
            let alt = TerminalSafety.sanitize(HTMLPushParser.attribute("alt", in: attributes) ?? "").trimmingASCIIWhitespace()
            let number = reference(src, kind: .image)
            append(alt.isEmpty ? " [image \(number)] " : " [image \(number): \(alt)] ")
        default:
            if Self.blockTags.contains(name) { flush() }
        }
    }

    func end(_ name: String) {
        if skipDepth > 0 {
            if Self.skipped.contains(name) { skipDepth -= 1 }
            return
        }
        if let current = formula {
            if name == "annotation" { formula?.annotation = nil }
            if name == "math" {
                formula = nil
                let tex = current.tex.trimmingASCIIWhitespace()
                append(current.alternative ?? (tex.isEmpty ? current.text : tex))
            }
            return
        }
        switch name {
        case "h1", "h2", "h3", "h4", "h5", "h6": flush(); headingLevel = nil
        case "ul", "ol", "menu": flush(); if !lists.isEmpty { lists.removeLast() }
        case "li": flush(); itemMarker = nil
        case "blockquote": flush(); quoteDepth = max(0, quoteDepth - 1)
        case "pre": flush(); preDepth = max(0, preDepth - 1)
        case "td", "th":
            if let text = cell { cells?.append(normalise(text)) }
            cell = nil
        case "tr":
            if let row = cells, row.contains(where: { !$0.isEmpty }) {
                blocks.append(TextBlock(kind: .tableRow, text: TerminalSafety.sanitize(row.joined(separator: " | "))))
            }
            cells = nil
        case "a":
            if let href = linkStack.popLast(), let href { append("[\(reference(href, kind: .link))]") }
        default:
            if Self.blockTags.contains(name) { flush() }
        }
    }

    func characters(_ text: String) {
        guard skipDepth == 0 else { return }
        if var current = formula {
            switch current.annotation {
            case .some(true): current.tex += text
            case .some(false): break
            case .none: current.text += text
            }
            formula = current
            return
        }
        append(text)
    }

    func finish() -> RichText {
        if let unclosed = formula {
            formula = nil
            append(unclosed.alternative ?? unclosed.text)
        }
        flush()
        return RichText(blocks: blocks, links: links)
    }

    private func append(_ text: String) {
        if cell != nil { cell! += text } else { inline += text }
    }

    private func reference(_ url: String, kind: NumberedLink.Kind) -> Int {
        let absolute = TerminalSafety.sanitize(URLResolver.resolve(url, against: baseURL))
        if let existing = links.first(where: { $0.url == absolute && $0.kind == kind }) { return existing.number }
        links.append(NumberedLink(number: links.count + 1, url: absolute, kind: kind))
        return links.count
    }

    /// Ends the current block of running text, if any.
    private func flush() {
        defer { inline = "" }
        if preDepth > 0 {
            var text = TerminalSafety.sanitize(inline)
            while text.hasPrefix("\n") { text.removeFirst() }
            while text.hasSuffix("\n") || text.hasSuffix(" ") { text.removeLast() }
            if !text.isEmpty { blocks.append(TextBlock(kind: .preformatted, text: text)) }
            return
        }
        let text = normalise(inline)
        guard !text.isEmpty else { return }
        let kind: TextBlock.Kind
        if let headingLevel { kind = .heading(level: headingLevel) }
        else if let (marker, depth) = itemMarker { kind = .listItem(marker: marker, depth: depth); itemMarker = nil }
        else if quoteDepth > 0 { kind = .quote(depth: quoteDepth) }
        else { kind = .paragraph }
        blocks.append(TextBlock(kind: kind, text: text))
    }

    /// Collapses whitespace, keeps `<br>` breaks as newlines, removes unsafe characters.
    private func normalise(_ text: String) -> String {
        let lines = TerminalSafety.sanitize(text).split(separator: "\u{2028}", omittingEmptySubsequences: false).map { line in
            line.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        }
        var result = lines.joined(separator: "\n")
        while result.hasSuffix("\n") { result.removeLast() }
        while result.hasPrefix("\n") { result.removeFirst() }
        return result
    }
}
