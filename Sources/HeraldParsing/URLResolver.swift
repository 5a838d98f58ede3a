import CLibXML2

/// Resolves relative references (RFC 3986) with libxml2's `xmlBuildURI`.
enum URLResolver {
    /// `reference` resolved against `base`; unchanged when it is already absolute or there is no base.
    static func resolve(_ reference: String, against base: String?) -> String {
        let trimmed = reference.trimmingASCIIWhitespace()
        guard let base, !base.isEmpty, !isAbsolute(trimmed) else { return trimmed }
        guard let built = xmlBuildURI(trimmed, base) else { return trimmed }
        defer { herald_xml_free(built) }
        return String(cString: built)
    }

    /// True when the reference starts with a scheme (`http:`, `mailto:`…).
    static func isAbsolute(_ s: String) -> Bool {
        var sawLetter = false
        for unit in s.utf8 {
            switch unit {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): sawLetter = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                if !sawLetter { return false }
            case UInt8(ascii: ":"): return sawLetter
            default: return false
            }
        }
        return false
    }
}

extension String {
    /// The string without leading and trailing ASCII whitespace.
    func trimmingASCIIWhitespace() -> String {
        let utf8 = self.utf8
        guard let first = utf8.firstIndex(where: { $0 > 0x20 }) else { return "" }
        let last = utf8.lastIndex(where: { $0 > 0x20 })!
        if first == utf8.startIndex && last == utf8.index(before: utf8.endIndex) { return self }
        return String(self[first...last])
    }
}
