import CLibXML2

/// Resolves relative references (RFC 3986) with libxml2's `xmlBuildURI`.
enum URLResolver {
    /// `reference` resolved against `base`; unchanged when it is already absolute or there is no base.
    static func resolve(_ reference: String, against base: String?) -> String {
        let trimmed = reference.trimmingASCIIWhitespace()
        guard let base, !base.isEmpty, !isAbsolute(trimmed) else { return trimmed }
        if let simple = simpleResolve(trimmed, against: base) { return simple }
        guard let built = xmlBuildURI(trimmed, base) else { return trimmed }
        defer { herald_xml_free(built) }
        return String(cString: built)
    }

    /// The common cases without parsing both URIs: an `http(s)` base without query or
    /// fragment and a reference (`/a/b`, `a/b`) without dot segments, query-only or fragment-only
    /// forms. Anything else returns nil and goes to `xmlBuildURI`.
    private static func simpleResolve(_ reference: String, against base: String) -> String? {
        let ref = reference.utf8
        guard let first = ref.first, first != UInt8(ascii: "?"), first != UInt8(ascii: "#"), first != UInt8(ascii: ".") else {
            return nil
        }
        var previous: UInt8 = 0
        for byte in ref {
            if previous == UInt8(ascii: "/") && byte == UInt8(ascii: ".") { return nil }
            previous = byte
        }
        // Read the base in place (no arrays made per call: links are resolved by the thousand).
        var base = base
        return base.withUTF8 { b -> String? in
            let prefixLength: Int
            if b.starts(with: "https://".utf8) { prefixLength = 8 }
            else if b.starts(with: "http://".utf8) { prefixLength = 7 }
            else { return nil }
            guard !b.contains(UInt8(ascii: "?")), !b.contains(UInt8(ascii: "#")) else { return nil }
            let pathStart = b[prefixLength...].firstIndex(of: UInt8(ascii: "/")) ?? b.count
            if first == UInt8(ascii: "/") {
                if ref.dropFirst().first == UInt8(ascii: "/") { return nil }
                return joined(UnsafeBufferPointer(rebasing: b[..<pathStart]), slash: false, reference)
            }
            guard pathStart < b.count, let lastSlash = b.lastIndex(of: UInt8(ascii: "/")) else {
                return joined(b, slash: true, reference)
            }
            return joined(UnsafeBufferPointer(rebasing: b[...lastSlash]), slash: false, reference)
        }
    }

    /// `prefix` (then `/` when `slash`) then `reference`, made in one allocation.
    private static func joined(_ prefix: UnsafeBufferPointer<UInt8>, slash: Bool, _ reference: String) -> String {
        var reference = reference
        return reference.withUTF8 { tail in
            let count = prefix.count + (slash ? 1 : 0) + tail.count
            return String(unsafeUninitializedCapacity: count) { buffer in
                var index = buffer.initialize(fromContentsOf: prefix)
                if slash {
                    buffer[index] = UInt8(ascii: "/")
                    index += 1
                }
                index = buffer[index...].initialize(fromContentsOf: tail)
                return index
            }
        }
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
