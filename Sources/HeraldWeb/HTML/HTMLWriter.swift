/// Writes ``Node``s as HTML, escaping every text and attribute value. It works on UTF-8 bytes: every
/// character it escapes or drops is ASCII or a two-byte C1 control, and text with none of them (most
/// of it) is copied in one piece.
public enum HTMLWriter {
    /// A whole document: the doctype, then the nodes.
    public static func document(_ root: Node) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(32 * 1024)
        out.append(contentsOf: "<!DOCTYPE html>\n".utf8)
        write(root, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A fragment.
    public static func fragment(_ nodes: [Node]) -> String {
        var out: [UInt8] = []
        for node in nodes { write(node, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    static func write(_ node: Node, to out: inout [UInt8]) {
        switch node.kind {
        case .text(let text):
            escape(text, into: &out, quotes: false)
        case .trusted(let html):
            out.append(contentsOf: html.utf8)
        case let .void(name, attributes):
            open(name, attributes, into: &out)
        case let .element(name, attributes, children):
            open(name, attributes, into: &out)
            for child in children { write(child, to: &out) }
            out.append(UInt8(ascii: "<"))
            out.append(UInt8(ascii: "/"))
            out.append(contentsOf: name.utf8)
            out.append(UInt8(ascii: ">"))
        }
    }

    private static func open(_ name: String, _ attributes: [Attribute], into out: inout [UInt8]) {
        out.append(UInt8(ascii: "<"))
        out.append(contentsOf: name.utf8)
        for attribute in attributes {
            out.append(UInt8(ascii: " "))
            out.append(contentsOf: attribute.name.utf8)
            if let value = attribute.value {
                out.append(UInt8(ascii: "="))
                out.append(UInt8(ascii: "\""))
                escape(value, into: &out, quotes: true)
                out.append(UInt8(ascii: "\""))
            }
        }
        out.append(UInt8(ascii: ">"))
    }

    /// Escapes `&`, `<`, `>` (and quotes inside attributes); drops C0 controls other than tab and
    /// newline, DEL, and C1 controls, which HTML forbids and a feed may carry.
    static func escape(_ text: String, into out: inout [UInt8], quotes: Bool) {
        var text = text
        text.withUTF8 { bytes in
            var clean = true
            for byte in bytes where needsWork(byte, quotes: quotes) {
                clean = false
                break
            }
            if clean {
                out.append(contentsOf: bytes)
                return
            }
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\"") where quotes: out.append(contentsOf: "&quot;".utf8)
                case UInt8(ascii: "'") where quotes: out.append(contentsOf: "&#39;".utf8)
                case UInt8(ascii: "\t"), UInt8(ascii: "\n"): out.append(byte)
                case 0..<0x20, 0x7F: continue
                case 0xC2 where index < bytes.count && (0x80...0x9F).contains(bytes[index]):
                    index += 1 // U+0080…U+009F
                default: out.append(byte)
                }
            }
        }
    }

    private static func needsWork(_ byte: UInt8, quotes: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), 0xC2, 0x7F: true
        case UInt8(ascii: "\""), UInt8(ascii: "'"): quotes
        case UInt8(ascii: "\t"), UInt8(ascii: "\n"): false
        default: byte < 0x20
        }
    }

    /// `text` escaped for an attribute or element.
    public static func escaped(_ text: String) -> String {
        var out: [UInt8] = []
        escape(text, into: &out, quotes: true)
        return String(decoding: out, as: UTF8.self)
    }
}
