import CLibXML2
import Foundation
import HeraldParsing

/// Sanitises fuzzed HTML and checks the result: read back with libxml2's HTML parser it holds
/// only allowed elements and attributes (no event handler, no style, only http(s) URLs and mailto
/// links, no comment; in MathML and SVG no reference of any kind), and sanitising it again changes nothing. A broken rule is a finding (a crash).
enum SanitizerFuzzing {
    private static let sanitizer = LibXMLHTMLSanitizer()
    private static let base = "https://example.org/a/"

    private static let elements: Set<String> = [
        "p", "br", "hr", "a", "img", "ul", "ol", "li", "dl", "dt", "dd", "blockquote", "q", "cite", "pre", "code", "kbd",
        "samp", "var", "em", "strong", "b", "i", "u", "s", "del", "ins", "mark", "small", "sub", "sup", "abbr", "h1", "h2",
        "h3", "h4", "h5", "h6", "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "figure", "figcaption",
        "div", "span", "section", "article", "aside", "header", "footer", "details", "summary", "time",
    ]
    /// MathML and SVG elements the sanitiser keeps inside `math` and `svg` (lower-cased, as libxml2 reads them).
    private static let foreignElements: Set<String> = [
        "math", "mi", "mn", "mo", "ms", "mtext", "mrow", "msqrt", "mroot", "mstyle", "merror", "mphantom", "msub", "msup",
        "msubsup", "mmultiscripts", "mprescripts", "none", "semantics", "mfrac", "mover", "munder", "munderover", "mspace",
        "mpadded", "menclose", "mtable", "mtr", "mtd", "annotation",
        "svg", "g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "tspan",
    ]
    /// Their attributes: layout and drawing only, never a link, a style or a handler.
    private static let foreignAttributes: Set<String> = [
        "dir", "mathvariant", "mathsize", "displaystyle", "scriptlevel", "display", "alttext", "form", "fence", "separator",
        "stretchy", "symmetric", "largeop", "movablelimits", "lspace", "rspace", "minsize", "maxsize", "accent",
        "accentunder", "linethickness", "numalign", "denomalign", "width", "height", "depth", "voffset", "notation",
        "columnalign", "rowalign", "columnlines", "rowlines", "columnspacing", "rowspacing", "frame", "columnspan",
        "rowspan", "encoding",
        "viewbox", "preserveaspectratio", "role", "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width",
        "stroke-opacity", "stroke-linecap", "stroke-linejoin", "stroke-dasharray", "stroke-dashoffset",
        "stroke-miterlimit", "opacity", "vector-effect", "transform", "font-family", "font-size", "font-weight",
        "font-style", "text-anchor", "dominant-baseline", "d", "pathlength", "x", "y", "rx", "ry", "cx", "cy", "r", "x1",
        "y1", "x2", "y2", "points", "dx", "dy", "rotate", "textlength",
    ]
    private static let attributes: Set<String> = [
        "a.href", "a.title", "a.rel", "a.target", "img.src", "img.alt", "img.title", "img.width", "img.height",
        "img.loading", "img.referrerpolicy", "img.decoding", "td.colspan", "td.rowspan", "th.colspan", "th.rowspan",
        "abbr.title", "time.datetime", "ol.start", "blockquote.cite", "q.cite",
    ]

    static func run(_ data: Data) {
        let html = String(decoding: data, as: UTF8.self)
        let once = sanitizer.sanitize(html: html, baseURL: base)
        if let problem = problem(in: once) {
            fatalError("sanitised output breaks the allow-list (\(problem)): \(once.debugDescription)")
        }
        let twice = sanitizer.sanitize(html: once, baseURL: base)
        if twice != once {
            fatalError("not idempotent:\n\(once.debugDescription)\n\(twice.debugDescription)")
        }
    }

    /// The first rule the output breaks, read back with libxml2's HTML parser.
    private static func problem(in output: String) -> String? {
        let reader = Reader()
        var handler = htmlSAXHandler()
        handler.startElement = { ctx, name, attributes in
            guard let ctx, let name else { return }
            Unmanaged<Reader>.fromOpaque(ctx).takeUnretainedValue().start(String(cString: name), attributes)
        }
        handler.comment = { ctx, _ in Unmanaged<Reader>.fromOpaque(ctx!).takeUnretainedValue().note("a comment") }
        handler.cdataBlock = { ctx, _, _ in Unmanaged<Reader>.fromOpaque(ctx!).takeUnretainedValue().note("CDATA") }
        handler.processingInstruction = { ctx, _, _ in
            Unmanaged<Reader>.fromOpaque(ctx!).takeUnretainedValue().note("a processing instruction")
        }
        var bytes = Array(output.utf8)
        withExtendedLifetime(reader) {
            guard let ctxt = htmlCreatePushParserCtxt(&handler, Unmanaged.passUnretained(reader).toOpaque(), nil, 0, nil,
                                                      XML_CHAR_ENCODING_UTF8) else { return }
            htmlCtxtUseOptions(ctxt, Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue
                                           | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue))
            bytes.withUnsafeMutableBytes { raw in
                _ = htmlParseChunk(ctxt, raw.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(raw.count), 0)
            }
            htmlParseChunk(ctxt, nil, 0, 1)
            htmlFreeParserCtxt(ctxt)
        }
        return reader.problem
    }

    private final class Reader {
        var problem: String?

        func note(_ text: String) {
            if problem == nil { problem = text }
        }

        func start(_ name: String, _ list: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
            if name == "html" || name == "body" { return }
            let isForeign = foreignElements.contains(name)
            if !elements.contains(name) && !isForeign { note("element \(name)") }
            guard var cursor = list else { return }
            while let key = cursor.pointee {
                let attribute = String(cString: key)
                let value = (cursor + 1).pointee.map { String(cString: $0) } ?? ""
                let qualified = name + "." + attribute
                if isForeign {
                    if !foreignAttributes.contains(attribute) { note("attribute \(qualified)") }
                    let lowered = value.lowercased()
                    if attribute != "alttext", lowered.contains("url") || lowered.contains(":") || lowered.contains("&") {
                        note("reference \(qualified)=\(value)")
                    }
                    cursor += 2
                    continue
                }
                if !attributes.contains(qualified) { note("attribute \(qualified)") }
                if ["href", "src", "cite"].contains(attribute) {
                    // Compared as bytes: "//" then a combining mark is one Character, not "//".
                    let lowered = value.lowercased().utf8
                    if !(lowered.starts(with: "http://".utf8) || lowered.starts(with: "https://".utf8)
                         || (qualified == "a.href" && lowered.starts(with: "mailto:".utf8))) {
                        note("URL \(qualified)=\(value)")
                    }
                }
                cursor += 2
            }
        }
    }
}
