import CLibXML2
import Foundation

/// What libxml2's HTML parser reports of a page, in document order: an element starts, the open
/// element ends, a run of characters (script and style bodies included).
protocol PageEventReceiving: AnyObject {
    /// An element starts; `name` as libxml2 gives it, `attributes` a SAX1 list (name, value, …, nil).
    func start(_ name: UnsafePointer<xmlChar>, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?)
    /// The innermost open element ends.
    func end()
    /// A run of characters inside the open element.
    func text(_ characters: UnsafePointer<xmlChar>, _ length: Int)
}

/// Reads a page with libxml2's HTML parser (recovering, no network) and hands its events to a
/// receiver: the same events libxml2's tree builder gets from `htmlReadMemory` (implied and
/// auto-closed elements included), without libxml2's own tree (6 to 11 times the page).
enum PageEvents {
    /// Reads `page` (at most ``PageTree/maxInputBytes`` of it) into `receiver`.
    /// - Parameter charset: The charset the server declared; wins over the page's `<meta charset>`.
    /// - Parameter directUTF8: Whether valid UTF-8 may be read without libxml2's converter
    ///   (tests compare both ways).
    static func read(_ page: Data, charset: String?, into receiver: any PageEventReceiving, directUTF8: Bool = true) {
        let bytes = page.prefix(PageTree.maxInputBytes)
        guard !bytes.isEmpty else { return }
        let encoding = PageEncoding.choose(for: bytes, transport: charset)
        // HUGE lifts libxml2's limit of 256 levels, where it would stop reading the page (unclosed
        // <font> and <div> tags nest that deep on old pages); receivers bound the depth they keep.
        let options = HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
            | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_COMPACT.rawValue | UInt32(XML_PARSE_HUGE.rawValue)
        // Encoding errors would be printed on standard error: this thread's errors go nowhere
        // while the page is read (the events are what recovery made of it).
        xmlSetStructuredErrorFunc(nil) { _, _ in }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let box = ReceiverBox(receiver)
        var handler = htmlSAXHandler()
        handler.startElement = { context, name, attributes in
            guard let context, let name else { return }
            Unmanaged<ReceiverBox>.fromOpaque(context).takeUnretainedValue().receiver.start(name, attributes)
        }
        handler.endElement = { context, _ in
            guard let context else { return }
            Unmanaged<ReceiverBox>.fromOpaque(context).takeUnretainedValue().receiver.end()
        }
        handler.characters = { context, characters, length in
            guard let context, let characters, length > 0 else { return }
            Unmanaged<ReceiverBox>.fromOpaque(context).takeUnretainedValue().receiver.text(characters, Int(length))
        }
        // Script and style bodies (blank runs come through `characters` too, as to the tree builder).
        handler.cdataBlock = handler.characters
        xmlInitParser()
        withExtendedLifetime(box) {
            bytes.withUnsafeBytes { raw in
                guard let context = htmlNewParserCtxt() else { return }
                defer {
                    if let document = context.pointee.myDoc {
                        xmlFreeDoc(document)
                        context.pointee.myDoc = nil
                    }
                    htmlFreeParserCtxt(context)
                }
                // libxml2 reads the page in small pieces and lets go of what it has parsed: a
                // parser made on the page's memory (`htmlCreateMemoryParserCtxt`) copies all of
                // it first, into a buffer that grows to twice the page.
                let source = PageSource(raw)
                withExtendedLifetime(source) {
                    guard let buffer = xmlParserInputBufferCreateIO(PageSource.read, nil, Unmanaged.passUnretained(source).toOpaque(),
                                                                    XML_CHAR_ENCODING_NONE) else { return }
                    guard let input = xmlNewIOInputStream(context, buffer, XML_CHAR_ENCODING_NONE) else {
                        xmlFreeParserInputBuffer(buffer)
                        return
                    }
                    inputPush(context, input)
                    // The first piece is read now, so that the encoding is chosen with the page's
                    // first bytes in view (a byte order mark is skipped), as on the page's memory.
                    xmlParserInputGrow(input, 4)
                    context.pointee.sax.pointee = handler
                    context.pointee.userData = Unmanaged.passUnretained(box).toOpaque()
                    // A charset Herald chose wins over the page's `<meta charset>`, as `htmlReadMemory`'s
                    // did (it set the input's encoding, which libxml2 2.9–2.11 read as "ignore the meta").
                    if directUTF8, let encoding, isUTF8(encoding), readsAsUTF8(bytes) {
                        // Valid UTF-8 is read as it is: libxml2's converter would copy the page into a
                        // buffer of twice its size. The events are the same (the converter's UTF-8 to
                        // UTF-8 is a copy; a BOM is skipped either way).
                        htmlCtxtUseOptions(context, Int32(options | HTML_PARSE_IGNORE_ENC.rawValue))
                        xmlSwitchEncoding(context, XML_CHAR_ENCODING_UTF8)
                    } else if let encoding, let encoder = xmlFindCharEncodingHandler(encoding) {
                        htmlCtxtUseOptions(context, Int32(options | HTML_PARSE_IGNORE_ENC.rawValue))
                        xmlSwitchToEncoding(context, encoder)
                    } else {
                        htmlCtxtUseOptions(context, Int32(options))
                    }
                    htmlParseDocument(context)
                }
            }
        }
    }

    /// The page's bytes as libxml2's read callback takes them, a piece at a time.
    private final class PageSource {
        private let bytes: UnsafeRawBufferPointer
        private var offset = 0

        init(_ bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        /// libxml2's `xmlInputReadCallback`: copies up to `length` bytes, 0 at the end.
        static let read: xmlInputReadCallback = { context, buffer, length in
            guard let context, let buffer, length > 0 else { return 0 }
            let source = Unmanaged<PageSource>.fromOpaque(context).takeUnretainedValue()
            let count = min(Int(length), source.bytes.count - source.offset)
            guard count > 0, let base = source.bytes.baseAddress else { return 0 }
            UnsafeMutableRawPointer(buffer).copyMemory(from: base + source.offset, byteCount: count)
            source.offset += count
            return Int32(count)
        }
    }

    /// True when libxml2 reads `bytes` as UTF-8 without a converter: they are valid UTF-8, and their
    /// first four (after a UTF-8 byte order mark) do not look like UTF-16 or UCS-4 to libxml2's
    /// sniffing (`<\0?\0` is valid UTF-8): without a converter installed it would switch to
    /// that encoding, where with one it keeps UTF-8.
    private static func readsAsUTF8(_ bytes: Data) -> Bool {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        if start.count >= 4 {
            let head = Array(start.prefix(4))
            let sniffed = head.withUnsafeBufferPointer { xmlDetectCharEncoding($0.baseAddress, 4) }
            guard sniffed == XML_CHAR_ENCODING_NONE || sniffed == XML_CHAR_ENCODING_UTF8 else { return false }
        }
        return bytes.withUnsafeBytes { UTF8Census(of: $0, stoppingAtInvalid: true).isValid }
    }

    private static func isUTF8(_ label: String) -> Bool {
        let lowered = label.lowercased()
        return lowered == "utf-8" || lowered == "utf8"
    }

    /// Holds the receiver for the C callbacks (an existential cannot travel as one pointer).
    private final class ReceiverBox {
        let receiver: any PageEventReceiving

        init(_ receiver: any PageEventReceiving) {
            self.receiver = receiver
        }
    }
}
