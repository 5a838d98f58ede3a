import CLibXML2
import HeraldDomain
import HeraldPorts

/// Sanitises article HTML for a web page with libxml2's HTML parser (SAX, recovering) and an
/// allow-list. Only these elements are written: `p br hr a img ul ol li dl dt dd blockquote q cite
/// pre code kbd samp var em strong b i u s del ins mark small sub sup abbr h1`–`h6 table thead
/// tbody tfoot tr th td caption figure figcaption div span section article aside header footer
/// details summary time`. Scripts, styles, frames, objects, forms, templates, `noscript`, SVG,
/// MathML, media and document metadata are left out with their content; any other element is
/// left out and its content kept. Attributes are allowed per element (`a`: `href`, `title`;
/// `img`: `src`, `alt`, `title`, numeric `width`/`height`; `td`/`th`: numeric `colspan`/`rowspan`;
/// `abbr`: `title`; `time`: `datetime`; `ol`: numeric `start`; `blockquote`/`q`: `cite`). URLs are
/// resolved against the base URL and kept only for `http`/`https` (and `mailto` links): a refused
/// link keeps its text without `href`, an image without an accepted `src` is left out. Links get
/// `rel="noopener noreferrer nofollow" target="_blank"`, images `loading="lazy"
/// referrerpolicy="no-referrer" decoding="async"`.
///
/// Text and attribute values are escaped (`& < > " '`); C0 controls other than tab and line feed,
/// DEL and C1 controls are removed. The output is well-formed (every element closed in order, void
/// elements written as `<br>`), at most ``maxDepth`` elements deep (deeper ones are replaced by their
/// content) and at most ``maxOutputBytes`` long (what does not fit is cut at the end, on a character
/// boundary, and the open elements closed). Sanitising the output again returns it unchanged.
public struct LibXMLHTMLSanitizer: HTMLSanitizing {
    /// The default bound on the output: 1 MiB of UTF-8, end tags included (article bodies are
    /// rarely a tenth of that).
    public static let defaultMaxOutputBytes = 1 << 20

    /// The deepest nesting of elements written; deeper elements are left out and their content kept.
    public static let maxDepth = 256

    /// The bound on the output in bytes of UTF-8, end tags included.
    public let maxOutputBytes: Int

    /// Creates a sanitiser.
    /// - Parameter maxOutputBytes: The longest output, in bytes of UTF-8; what would go beyond it is
    ///   left out (the elements still open are closed within the bound).
    public init(maxOutputBytes: Int = LibXMLHTMLSanitizer.defaultMaxOutputBytes) {
        self.maxOutputBytes = max(0, maxOutputBytes)
    }

    /// Sanitises an HTML fragment or page; never fails. Relative URLs without a base are refused.
    public func sanitize(html: String, baseURL: String?) -> String {
        // A leading <body> keeps libxml2 from opening an implied <p> around text at the start and
        // from reading a leading <style> or <meta> as the start of a <head>.
        var input = Array("<body>".utf8)
        Self.appendWithoutControls(html, to: &input)
        guard input.count > 6 else { return "" }
        var writer = SanitizedHTMLWriter(baseURL: baseURL, maxOutputBytes: maxOutputBytes, maxDepth: Self.maxDepth,
                                         expectedBytes: input.count)
        var handler = htmlSAXHandler()
        handler.startElement = { ctx, name, attributes in
            guard let ctx, let name else { return }
            ctx.assumingMemoryBound(to: SanitizedHTMLWriter.self).pointee.start(name, attributes)
        }
        handler.endElement = { ctx, name in
            guard let ctx, let name else { return }
            ctx.assumingMemoryBound(to: SanitizedHTMLWriter.self).pointee.end(name)
        }
        handler.characters = { ctx, chars, length in
            guard let ctx, let chars, length > 0 else { return }
            ctx.assumingMemoryBound(to: SanitizedHTMLWriter.self).pointee
                .characters(UnsafeBufferPointer(start: chars, count: Int(length)))
        }
        handler.cdataBlock = handler.characters
        // Whitespace libxml2 calls ignorable (at the very end of the input) is kept, so that the
        // output reads back the same.
        handler.ignorableWhitespace = handler.characters
        // The callbacks reach the writer through a pointer (no exclusivity check per event).
        withUnsafeMutablePointer(to: &writer) { pointer in
            input.withUnsafeBytes { raw in
                HTMLPushParser.parse(raw, handler: &handler, userData: UnsafeMutableRawPointer(pointer),
                                     ignoresDeclaredEncoding: true, shouldStop: { pointer.pointee.isFull })
            }
        }
        return writer.finish()
    }

    /// Appends the UTF-8 of `html` without NUL and the other C0 controls (tab, line feed, form
    /// feed and carriage return stay: markup whitespace), DEL and C1 controls, before libxml2 sees them.
    private static func appendWithoutControls(_ html: String, to bytes: inout [UInt8]) {
        var html = html
        html.withUTF8 { source in
            bytes.reserveCapacity(bytes.count + source.count)
            var runStart = 0
            var index = 0
            while index < source.count {
                let byte = source[index]
                var skipped = 0
                switch byte {
                case 0x09, 0x0A, 0x0C, 0x0D: break
                case 0x00...0x1F, 0x7F: skipped = 1
                case 0xC2 where index + 1 < source.count && (0x80...0x9F).contains(source[index + 1]): skipped = 2
                default: break
                }
                if skipped == 0 {
                    index += 1
                    continue
                }
                if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index])) }
                index += skipped
                runStart = index
            }
            if runStart < source.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart...])) }
        }
    }
}
