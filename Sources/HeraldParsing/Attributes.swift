import CLibXML2
import Foundation

/// The attributes of a SAX2 `startElementNs` event: five pointers each
/// (local name, prefix, namespace URI, value start, value end).
struct Attributes {
    let pointer: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    func localname(at index: Int) -> UnsafePointer<xmlChar> { pointer![index * 5]! }
    func prefix(at index: Int) -> UnsafePointer<xmlChar>? { pointer![index * 5 + 1] }
    func uri(at index: Int) -> UnsafePointer<xmlChar>? { pointer![index * 5 + 2] }
    func valueBytes(at index: Int) -> UnsafeBufferPointer<xmlChar> {
        let start = pointer![index * 5 + 3]!
        return UnsafeBufferPointer(start: start, count: pointer![index * 5 + 4]! - start)
    }
    /// The decoded value. Without `XML_PARSE_NOENT` libxml2 hands `&amp;` in attribute values
    /// over as `&#38;` (for a DOM builder to re-parse); turn it back into `&`.
    func value(at index: Int) -> String {
        let bytes = valueBytes(at: index)
        let value = String(decoding: bytes, as: UTF8.self)
        return bytes.contains(UInt8(ascii: "&")) ? value.replacingOccurrences(of: "&#38;", with: "&") : value
    }
}

extension FeedReader {
    /// The value of the attribute called `wanted` (in no namespace unless `ns` is given).
    func attribute(_ wanted: Name, in attrs: Attributes, ns: Namespace = .none) -> String? {
        for index in 0..<attrs.count where name(attrs.localname(at: index)) == wanted {
            if namespace(attrs.uri(at: index)) == ns { return attrs.value(at: index) }
        }
        return nil
    }

    /// Writes a child element's start tag back as markup (XHTML content, inline HTML in RSS).
    func serializeStartTag(_ localname: UnsafePointer<xmlChar>, uri: UnsafePointer<xmlChar>?, attributes attrs: Attributes) {
        text.append(UInt8(ascii: "<"))
        text.append(contentsOf: UnsafeBufferPointer(start: localname, count: Int(xmlStrlen(localname))))
        for index in 0..<attrs.count {
            text.append(0x20)
            if let prefix = attrs.prefix(at: index) {
                text.append(contentsOf: UnsafeBufferPointer(start: prefix, count: Int(xmlStrlen(prefix))))
                text.append(UInt8(ascii: ":"))
            }
            let local = attrs.localname(at: index)
            text.append(contentsOf: UnsafeBufferPointer(start: local, count: Int(xmlStrlen(local))))
            text.append(contentsOf: "=\"".utf8)
            var value = attrs.value(at: index)
            if [.href, .src].contains(name(local)) { value = resolve(value) }
            appendEscaped(value.utf8, quote: true)
            text.append(UInt8(ascii: "\""))
        }
        text.append(UInt8(ascii: ">"))
        lastStartTagEnd = text.count
    }

    /// Writes a child element's end tag, or turns `<br>` just written into `<br/>`.
    func serializeEndTag(_ localname: UnsafePointer<xmlChar>) {
        if lastStartTagEnd == text.count {
            text.removeLast()
            text.append(contentsOf: "/>".utf8)
        } else {
            text.append(contentsOf: "</".utf8)
            text.append(contentsOf: UnsafeBufferPointer(start: localname, count: Int(xmlStrlen(localname))))
            text.append(UInt8(ascii: ">"))
        }
        lastStartTagEnd = -1
    }

    /// Appends text with `&`, `<`, `>` (and `"` in attributes) escaped.
    func appendEscaped<S: Sequence<UInt8>>(_ bytes: S, quote: Bool = false) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): text.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): text.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): text.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\"") where quote: text.append(contentsOf: "&quot;".utf8)
            default: text.append(byte)
            }
        }
    }
}
