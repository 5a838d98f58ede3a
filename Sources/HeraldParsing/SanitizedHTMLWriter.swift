import CLibXML2

/// Writes the sanitised HTML of one document from libxml2's SAX events (``LibXMLHTMLSanitizer``).
/// One per call, never shared.
///
/// The output is built so that libxml2 reads it back as exactly the tree that was written, which
/// makes sanitising idempotent: every start tag has its end tag, in order; and where leaving an
/// element out brings two kept elements together that libxml2 would not nest (`<p><font><div>`
/// becomes `<p><div>`, and a `div` start closes a `p`), the outer one is closed before the inner
/// one is written, as libxml2 would close it on reading the output.
struct SanitizedHTMLWriter {
    /// What became of an element libxml2 reported open.
    private enum Frame {
        /// Written; `id` names it in ``open`` (it may have been closed early, see ``start(_:_:)``).
        case kept(id: Int)
        /// Not written; its content is.
        case unwrapped
        /// Not written, nor anything inside.
        case dropped
    }

    private struct OpenElement {
        /// Its index in ``HTMLAllowList/keptElements``; -1 for a MathML or SVG element.
        let element: Int
        let id: Int
        /// A MathML or SVG element's name.
        var foreignName: String?
    }

    /// A name libxml2 reported, with what becomes of it. libxml2 interns names, so most events
    /// find theirs by address (the text is compared too: an address is only a hint).
    private struct CachedName {
        var pointer: UnsafePointer<xmlChar>?
        var name = ""
        var treatment = HTMLAllowList.Treatment.unwrap
    }

    private let baseURL: String?
    private let limit: Int
    private let maxDepth: Int
    private let elements = HTMLAllowList.keptElements
    private var cache = [CachedName](repeating: CachedName(), count: 64)
    private var output: [UInt8] = []
    /// A start tag being made.
    private var tag: [UInt8] = []
    /// The elements libxml2 has open, as it reported them.
    private var frames: [(name: UnsafePointer<xmlChar>, frame: Frame)] = []
    /// The elements open in the output, outermost first.
    private var open: [OpenElement] = []
    private var dropDepth = 0
    /// Inside a formula or a drawing: its vocabulary, and its root's place in ``frames``.
    private var foreign: (vocabulary: ForeignAllowList.Vocabulary, rootFrame: Int)?
    /// Bytes the end tags of ``open`` will take: reserved, so that closing them never exceeds the limit.
    private var reservedBytes = 0
    private var nextID = 0
    /// True once the output reached its limit; everything after is ignored.
    private(set) var isFull = false

    init(baseURL: String?, maxOutputBytes: Int, maxDepth: Int, expectedBytes: Int) {
        self.baseURL = baseURL
        self.limit = maxOutputBytes
        self.maxDepth = maxDepth
        output.reserveCapacity(min(maxOutputBytes, expectedBytes + expectedBytes / 8))
    }

    mutating func start(_ name: UnsafePointer<xmlChar>, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        if dropDepth > 0 {
            frames.append((name, .dropped))
            dropDepth += 1
            return
        }
        if let foreign {
            startForeign(name, attributes, in: foreign.vocabulary, isRoot: false)
            return
        }
        switch treatment(of: name) {
        case .foreignRoot(let vocabulary):
            startForeign(name, attributes, in: vocabulary, isRoot: true)
        case .drop:
            frames.append((name, .dropped))
            dropDepth += 1
        case .unwrap:
            frames.append((name, .unwrapped))
        case .keep(let index):
            guard !isFull, open.count < maxDepth, makeStartTag(elements[index], attributes) else {
                frames.append((name, .unwrapped))
                return
            }
            // libxml2 would close these on reading this start tag in the output: close them now.
            while let top = open.last, top.element >= 0, elements[index].closes & (1 << UInt64(top.element)) != 0 {
                closeInnermost()
            }
            let isVoid = elements[index].isVoid
            let endTagBytes = isVoid ? 0 : elements[index].name.utf8.count + 3
            guard output.count + tag.count + endTagBytes + reservedBytes <= limit else {
                isFull = true
                frames.append((name, .unwrapped))
                return
            }
            output.append(contentsOf: tag)
            if isVoid {
                frames.append((name, .unwrapped))
                return
            }
            nextID += 1
            open.append(OpenElement(element: index, id: nextID))
            reservedBytes += endTagBytes
            frames.append((name, .kept(id: nextID)))
        }
    }

    mutating func end(_ name: UnsafePointer<xmlChar>) {
        // libxml2 reports ends in order; an end it never opened is ignored.
        guard let index = frames.lastIndex(where: { xmlStrEqual($0.name, name) != 0 }) else { return }
        while frames.count > index {
            switch frames.removeLast().frame {
            case .dropped: dropDepth -= 1
            case .unwrapped: break
            case .kept(let id):
                // Not found when it was closed early.
                if let position = open.lastIndex(where: { $0.id == id }) {
                    while open.count > position { closeInnermost() }
                }
            }
        }
        if let root = foreign?.rootFrame, frames.count <= root { foreign = nil }
    }

    /// A MathML or SVG element (or the `math`/`svg` root): written with the attributes
    /// ``ForeignAllowList`` keeps, or left out. A root that cannot be written (the output is full
    /// or too deep) is left out with its content, rather than leaving its elements without it.
    private mutating func startForeign(_ name: UnsafePointer<xmlChar>, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
                                       in vocabulary: ForeignAllowList.Vocabulary, isRoot: Bool) {
        let string = String(cString: name)
        let allowed: [ForeignAllowList.Attribute]
        if isRoot {
            allowed = ForeignAllowList.rootAttributes(of: vocabulary)
        } else {
            switch ForeignAllowList.treatment(of: string, in: vocabulary) {
            case .drop:
                frames.append((name, .dropped))
                dropDepth += 1
                return
            case .unwrap:
                frames.append((name, .unwrapped))
                return
            case .keep(let attributes): allowed = attributes
            }
        }
        let refuse = { (writer: inout SanitizedHTMLWriter) in
            if isRoot {
                writer.frames.append((name, .dropped))
                writer.dropDepth += 1
            } else {
                writer.frames.append((name, .unwrapped))
            }
        }
        guard !isFull, open.count < maxDepth else { return refuse(&self) }
        tag.removeAll(keepingCapacity: true)
        tag.append(UInt8(ascii: "<"))
        tag.append(contentsOf: string.utf8)
        for attribute in allowed {
            guard var value = Self.value(of: attribute.lookup, in: attributes)
                .flatMap({ ForeignAllowList.value($0, kind: attribute.kind) }) else { continue }
            tag.append(UInt8(ascii: " "))
            tag.append(contentsOf: attribute.spelling.utf8)
            tag.append(contentsOf: "=\"".utf8)
            value.withUTF8 { Self.appendEscaped($0, to: &tag) }
            tag.append(UInt8(ascii: "\""))
        }
        tag.append(UInt8(ascii: ">"))
        let endTagBytes = string.utf8.count + 3
        guard output.count + tag.count + endTagBytes + reservedBytes <= limit else {
            isFull = true
            return refuse(&self)
        }
        output.append(contentsOf: tag)
        nextID += 1
        open.append(OpenElement(element: -1, id: nextID, foreignName: string))
        reservedBytes += endTagBytes
        frames.append((name, .kept(id: nextID)))
        if isRoot { foreign = (vocabulary, frames.count - 1) }
    }

    mutating func characters(_ text: UnsafeBufferPointer<UInt8>) {
        guard dropDepth == 0, !isFull else { return }
        let room = limit - reservedBytes - output.count
        // An escaped byte takes at most 6 (`&quot;`).
        if text.count <= room / 6 {
            Self.appendEscaped(text, to: &output)
            return
        }
        var index = 0
        while index < text.count {
            let end = min(text.count, index + Self.scalarLength(text[index]))
            let before = output.count
            Self.appendEscaped(UnsafeBufferPointer(rebasing: text[index..<end]), to: &output)
            if output.count + reservedBytes > limit {
                output.removeSubrange(before...)
                isFull = true
                return
            }
            index = end
        }
    }

    /// The output with every open element closed.
    mutating func finish() -> String {
        while !open.isEmpty { closeInnermost() }
        return String(decoding: output, as: UTF8.self)
    }

    private mutating func treatment(of name: UnsafePointer<xmlChar>) -> HTMLAllowList.Treatment {
        let slot = Int(truncatingIfNeeded: UInt(bitPattern: name) >> 3) & 63
        if cache[slot].pointer == name, xmlStrEqual(name, cache[slot].name) != 0 { return cache[slot].treatment }
        let string = String(cString: name)
        let treatment = HTMLAllowList.treatment(of: string)
        cache[slot] = CachedName(pointer: name, name: string, treatment: treatment)
        return treatment
    }

    private mutating func closeInnermost() {
        let closed = open.removeLast()
        let name = closed.foreignName ?? elements[closed.element].name
        output.append(contentsOf: "</".utf8)
        output.append(contentsOf: name.utf8)
        output.append(UInt8(ascii: ">"))
        reservedBytes -= name.utf8.count + 3
    }

    /// Makes ``tag``, `<name attr="value"…>` with the allowed attributes in a fixed order, then
    /// the fixed ones; false when a required attribute is missing or refused.
    private mutating func makeStartTag(_ element: HTMLAllowList.Element,
                                       _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) -> Bool {
        tag.removeAll(keepingCapacity: true)
        tag.append(UInt8(ascii: "<"))
        tag.append(contentsOf: element.name.utf8)
        for rule in element.attributes {
            let value = Self.value(of: rule.name, in: attributes).flatMap { raw -> String? in
                switch rule.value {
                case .url(let schemes): WebURLPolicy.webURL(raw, base: baseURL, schemes: schemes)
                case .text: raw
                case .number(let signed): Self.number(raw, signed: signed)
                }
            }
            guard var value else {
                if rule.isRequired { return false }
                continue
            }
            tag.append(UInt8(ascii: " "))
            tag.append(contentsOf: rule.name.utf8)
            tag.append(contentsOf: "=\"".utf8)
            value.withUTF8 { Self.appendEscaped($0, to: &tag) }
            tag.append(UInt8(ascii: "\""))
        }
        tag.append(contentsOf: element.fixedAttributes.utf8)
        tag.append(UInt8(ascii: ">"))
        return true
    }

    /// The value of the first attribute called `name` in a SAX1 list (names arrive lower-cased);
    /// an attribute without a value (`<td nowrap>`) has the empty value.
    private static func value(of name: String, in attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) -> String? {
        guard var cursor = attributes else { return nil }
        while let key = cursor.pointee {
            if xmlStrEqual(key, name) != 0 { return (cursor + 1).pointee.map { String(cString: $0) } ?? "" }
            cursor += 2
        }
        return nil
    }

    /// `raw` as a whole number (digits, with a leading `-` when `signed`, at most 9 of them,
    /// surrounding spaces allowed), written without leading zeros; nil otherwise (`100%`, `12px`).
    private static func number(_ raw: String, signed: Bool) -> String? {
        var text = Substring(raw.trimmingASCIIWhitespace())
        let negative = signed && text.hasPrefix("-")
        if negative { text = text.dropFirst() }
        guard (1...9).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let number = Int(text) else { return nil }
        return String(negative ? -number : number)
    }

    /// The number of bytes of the UTF-8 sequence that starts with `lead`.
    private static func scalarLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }

    /// Appends UTF-8 text with `& < > " '` escaped, and without C0 controls other than tab and
    /// line feed, DEL, or C1 controls (U+0080–U+009F, `C2 80`–`C2 9F`).
    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var runStart = 0
        var index = 0
        let count = bytes.count
        func flush() {
            if runStart < index { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
        }
        while index < count {
            let byte = bytes[index]
            let replacement: StaticString
            var skipped = 1
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&#39;"
            case 0x09, 0x0A:
                index += 1
                continue
            case 0x00...0x1F, 0x7F: replacement = ""
            case 0xC2 where index + 1 < count && (0x80...0x9F).contains(bytes[index + 1]):
                replacement = ""
                skipped = 2
            default:
                index += 1
                continue
            }
            flush()
            replacement.withUTF8Buffer { out.append(contentsOf: $0) }
            index += skipped
            runStart = index
        }
        flush()
    }
}
