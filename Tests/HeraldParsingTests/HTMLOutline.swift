import CLibXML2

/// What libxml2's HTML parser reads in a piece of HTML: every element with its attributes, in
/// document order, and whether there were comments. Tests re-parse sanitised output with it, so
/// that what is checked is what a parser sees, not what a string search finds.
struct HTMLOutline {
    /// One element as the parser reported it.
    struct Element: Equatable {
        var name: String
        var attributes: [(name: String, value: String)]

        static func == (a: Element, b: Element) -> Bool {
            a.name == b.name && a.attributes.map(\.name) == b.attributes.map(\.name)
                && a.attributes.map(\.value) == b.attributes.map(\.value)
        }
    }

    /// The elements, the `html` and `body` libxml2 implies left out.
    var elements: [Element] = []
    /// The text, concatenated.
    var text = ""
    /// The number of comments, processing instructions and CDATA blocks.
    var others = 0
    /// The deepest nesting of elements (not counting `html` and `body`).
    var maxDepth = 0

    init(_ html: String) {
        let collector = Collector()
        var handler = htmlSAXHandler()
        handler.startElement = { ctx, name, attributes in
            let collector = Unmanaged<Collector>.fromOpaque(ctx!).takeUnretainedValue()
            var list: [(String, String)] = []
            if var cursor = attributes {
                while let key = cursor.pointee {
                    list.append((String(cString: key), (cursor + 1).pointee.map { String(cString: $0) } ?? ""))
                    cursor += 2
                }
            }
            collector.start(String(cString: name!), list)
        }
        handler.endElement = { ctx, name in
            Unmanaged<Collector>.fromOpaque(ctx!).takeUnretainedValue().end(String(cString: name!))
        }
        handler.characters = { ctx, chars, length in
            Unmanaged<Collector>.fromOpaque(ctx!).takeUnretainedValue().outline.text
                += String(decoding: UnsafeBufferPointer(start: chars!, count: Int(length)), as: UTF8.self)
        }
        handler.ignorableWhitespace = handler.characters
        handler.comment = { ctx, _ in Unmanaged<Collector>.fromOpaque(ctx!).takeUnretainedValue().outline.others += 1 }
        handler.cdataBlock = { ctx, _, _ in Unmanaged<Collector>.fromOpaque(ctx!).takeUnretainedValue().outline.others += 1 }
        handler.processingInstruction = { ctx, _, _ in Unmanaged<Collector>.fromOpaque(ctx!).takeUnretainedValue().outline.others += 1 }
        let bytes = Array(html.utf8)
        withExtendedLifetime(collector) {
            let ctxt = htmlCreatePushParserCtxt(&handler, Unmanaged.passUnretained(collector).toOpaque(), nil, 0, nil,
                                                XML_CHAR_ENCODING_UTF8)!
            htmlCtxtUseOptions(ctxt, Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue
                                           | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue))
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    _ = htmlParseChunk(ctxt, chars.baseAddress, Int32(chars.count), 0)
                }
            }
            htmlParseChunk(ctxt, nil, 0, 1)
            htmlFreeParserCtxt(ctxt)
        }
        self = collector.outline
    }

    /// Every attribute of every element, as `element.attribute`.
    var attributeNames: Set<String> {
        Set(elements.flatMap { element in element.attributes.map { element.name + "." + $0.name } })
    }

    private final class Collector {
        var outline = HTMLOutline(empty: ())
        var depth = 0

        func start(_ name: String, _ attributes: [(String, String)]) {
            guard name != "html", name != "body" else { return }
            outline.elements.append(Element(name: name, attributes: attributes))
            depth += 1
            outline.maxDepth = max(outline.maxDepth, depth)
        }

        func end(_ name: String) {
            guard name != "html", name != "body" else { return }
            depth -= 1
        }
    }

    private init(empty: Void) {}
}
