import CLibXML2
import Foundation
import HeraldDomain
import HeraldPorts

/// Renders article HTML as ``HeraldDomain/RichText`` with libxml2's HTML parser (SAX, recovering):
/// paragraphs, headings, nested and numbered lists, blockquotes, `pre`, simple tables and
/// rules; links and images become numbered `[n]` references; scripts, styles and frames are
/// dropped; control characters and escape sequences are removed.
public struct LibXMLHTMLRenderer: HTMLRendering {
    /// Creates a renderer.
    public init() {}

    /// Renders an HTML fragment or page; never fails.
    public func render(html: String, baseURL: String?) -> RichText {
        let builder = RichTextBuilder(baseURL: baseURL)
        var handler = htmlSAXHandler()
        handler.startElement = { ctx, name, attributes in
            guard let ctx, let name else { return }
            Unmanaged<RichTextBuilder>.fromOpaque(ctx).takeUnretainedValue().start(String(cString: name), attributes)
        }
        handler.endElement = { ctx, name in
            guard let ctx, let name else { return }
            Unmanaged<RichTextBuilder>.fromOpaque(ctx).takeUnretainedValue().end(String(cString: name))
        }
        handler.characters = { ctx, chars, length in
            guard let ctx, let chars else { return }
            let text = String(decoding: UnsafeBufferPointer(start: chars, count: Int(length)), as: UTF8.self)
            Unmanaged<RichTextBuilder>.fromOpaque(ctx).takeUnretainedValue().characters(text)
        }
        handler.cdataBlock = handler.characters
        // Raw escape sequences go before parsing: libxml2 would drop the ESC and leave "[31m".
        var bytes = Array(TerminalSafety.sanitize(html).utf8)
        if bytes.isEmpty { return RichText() }
        bytes.append(0x0A)
        withExtendedLifetime(builder) {
            bytes.withUnsafeBytes { raw in
                // The text is already UTF-8: a `<meta charset>` inside the article must not re-decode it.
                HTMLPushParser.parse(raw, handler: &handler, userData: Unmanaged.passUnretained(builder).toOpaque(),
                                     ignoresDeclaredEncoding: true)
            }
        }
        return builder.finish()
    }
}
