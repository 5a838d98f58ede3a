import CLibXML2
import HeraldDomain

/// Turns a title or other short text into one clean line: whitespace collapsed and
/// terminal-unsafe characters removed; when the text holds real HTML (``HTMLMarkup``), its
/// tags are removed and its entities decoded, otherwise angle brackets are kept as text.
enum PlainText {
    /// The plain-text form of a text construct's value.
    static func line(from value: String) -> String {
        if let simple = asciiLine(value) { return simple }
        if let simple = asciiEntityLine(value) { return simple }
        var out: [UInt8] = []
        out.reserveCapacity(value.utf8.count)
        let scalars = Array(value.unicodeScalars)
        let isHTML = HTMLMarkup.isPresent(in: scalars)
        var i = 0
        var pendingSpace = false
        func emit(_ scalar: Unicode.Scalar) {
            let isSpace = scalar.value < 0x80 ? scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
                                              : scalar.properties.isWhitespace
            if isSpace {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(0x20); pendingSpace = false }
                if scalar.isASCII { out.append(UInt8(scalar.value)) } else { out.append(contentsOf: UTF8.encode(scalar)!) }
            }
        }
        while i < scalars.count {
            let c = scalars[i]
            if isHTML, c == "<", let tag = HTMLMarkup.tag(in: scalars, at: i), tag.isCommentOrDeclaration || tag.isKnownElement {
                if blockElements.contains(tag.name) { pendingSpace = !out.isEmpty }
                i = tag.end
                continue
            }
            if isHTML, c == "&", let (decoded, next) = entity(in: scalars, at: i) {
                emit(decoded)
                i = next
                continue
            }
            emit(c)
            i += 1
        }
        return TerminalSafety.sanitize(String(decoding: out, as: UTF8.self))
    }

    /// The fast path for plain ASCII text without markup or entities: only whitespace to collapse.
    private static func asciiLine(_ value: String) -> String? {
        var needsWork = false
        var previousSpace = true
        var previousAmpersand = false
        for byte in value.utf8 {
            // `&` is plain text unless a letter or `#` follows (which may start an entity).
            if previousAmpersand, byte == UInt8(ascii: "#") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) {
                return nil
            }
            previousAmpersand = byte == UInt8(ascii: "&")
            switch byte {
            case 0x21...0x7E where byte != UInt8(ascii: "<"): previousSpace = false
            case 0x20:
                if previousSpace { needsWork = true }
                previousSpace = true
            case 0x09, 0x0A, 0x0D: needsWork = true; previousSpace = true
            default: return nil
            }
        }
        if !needsWork && !previousSpace { return value }
        return value.utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
            .map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
    }

    /// The fast path for ASCII text without `<` whose only markup is entities that decode (an
    /// Atom `type="html"` title such as `Bread &amp; butter`): the line the full pass makes, from
    /// the bytes, without an array of scalars. Nil sends anything else to the full pass.
    private static func asciiEntityLine(_ value: String) -> String? {
        var value = value
        return value.withUTF8 { bytes -> String? in
            for byte in bytes {
                let plain = byte >= 0x20 && byte < 0x7F || byte == 0x09 || byte == 0x0A || byte == 0x0D
                guard plain, byte != UInt8(ascii: "<") else { return nil }
            }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var pendingSpace = false, decodedAny = false
            var i = 0
            while i < bytes.count {
                var scalar = Unicode.Scalar(bytes[i])
                if bytes[i] == UInt8(ascii: "&"), let (decoded, next) = asciiEntity(in: bytes, at: i) {
                    scalar = decoded
                    decodedAny = true
                    i = next
                } else {
                    i += 1
                }
                let isSpace = scalar.value < 0x80 ? scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
                                                  : scalar.properties.isWhitespace
                if isSpace {
                    pendingSpace = !out.isEmpty
                } else {
                    if pendingSpace { out.append(0x20); pendingSpace = false }
                    if scalar.isASCII { out.append(UInt8(scalar.value)) } else { out.append(contentsOf: UTF8.encode(scalar)!) }
                }
            }
            // Without an entity that decodes the text is not HTML: the full pass keeps it as it is.
            guard decodedAny else { return nil }
            return TerminalSafety.sanitize(String(decoding: out, as: UTF8.self))
        }
    }

    /// ``entity(in:at:)`` over ASCII bytes.
    private static func asciiEntity(in s: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, Int)? {
        guard let (scalar, next) = asciiEntityBody(in: s, from: i + 1) else { return nil }
        if scalar == "&", let twice = asciiEntityBody(in: s, from: next) { return twice }
        return (scalar, next)
    }

    private static func asciiEntityBody(in s: UnsafeBufferPointer<UInt8>, from start: Int) -> (Unicode.Scalar, Int)? {
        let i = start - 1
        var j = start
        while j < s.count, j - i <= 32, s[j] != UInt8(ascii: ";") {
            let c = s[j]
            let isNameByte = (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z"))
                || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "#")
            guard isNameByte else { return nil }
            j += 1
        }
        guard j < s.count, s[j] == UInt8(ascii: ";"), j > i + 1 else { return nil }
        guard let scalar = decodeEntity(named: String(decoding: UnsafeBufferPointer(rebasing: s[(i + 1)..<j]), as: UTF8.self)) else {
            return nil
        }
        return (scalar, j + 1)
    }

    /// Decodes the HTML entity (`&amp;`, `&#233;`, `&#xE9;`, `&eacute;`) starting at `i`.
    /// An entity escaped twice (`&amp;hellip;`, common in CDATA titles) decodes to its character.
    static func entity(in s: [Unicode.Scalar], at i: Int) -> (Unicode.Scalar, Int)? {
        guard let (scalar, next) = entityBody(in: s, from: i + 1) else { return nil }
        if scalar == "&", let twice = entityBody(in: s, from: next) { return twice }
        return (scalar, next)
    }

    /// The entity whose name starts at `start` (after its `&`) and ends with `;`.
    private static func entityBody(in s: [Unicode.Scalar], from start: Int) -> (Unicode.Scalar, Int)? {
        var j = start
        var name = ""
        while j < s.count, j - start < 32, s[j] != ";" {
            guard s[j].properties.isAlphabetic || ("0"..."9").contains(s[j]) || s[j] == "#" else { return nil }
            name.unicodeScalars.append(s[j])
            j += 1
        }
        guard j < s.count, s[j] == ";", !name.isEmpty else { return nil }
        guard let scalar = decodeEntity(named: name) else { return nil }
        return (scalar, j + 1)
    }

    /// The character an entity name (without `&` and `;`) stands for: numeric or HTML 4.
    static func decodeEntity(named name: String) -> Unicode.Scalar? {
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init)
        }
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard let desc = htmlEntityLookup(name) else { return nil }
            return Unicode.Scalar(desc.pointee.value)
        }
    }

    /// Elements whose tags separate words.
    private static let blockElements: Set<String> = ["br", "p", "div", "li", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6"]
}
