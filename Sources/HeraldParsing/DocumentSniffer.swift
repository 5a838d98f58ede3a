import Foundation

/// Guesses what a document is from its first bytes.
enum DocumentSniffer {
    enum Kind: Equatable {
        case empty
        case json
        case html
        /// XML-like markup, with the encoding its byte order mark names, if any.
        case markup(bom: String?)
        /// A document in UTF-16 without a byte order mark or in UTF-32 (XML 1.0 appendix F),
        /// which is transcoded to UTF-8 before it is sniffed again.
        case wide(WideEncoding)
        case other
    }

    static func sniff(_ data: Data) -> Kind {
        let head = Array(data.prefix(1024))
        if let wide = WideEncoding.detect(head) { return .wide(wide) }
        if head.starts(with: [0xFE, 0xFF]) { return .markup(bom: "UTF-16BE") }
        if head.starts(with: [0xFF, 0xFE]) { return .markup(bom: "UTF-16LE") }
        var bom: String?
        var start = 0
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { bom = "UTF-8"; start = 3 }
        while start < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[start]) { start += 1 }
        guard start < head.count else { return .empty }
        switch head[start] {
        case UInt8(ascii: "{"), UInt8(ascii: "["): return .json
        case UInt8(ascii: "<"):
            let text = String(decoding: head[start...], as: UTF8.self).lowercased()
            if text.hasPrefix("<!doctype html") || text.hasPrefix("<html") { return .html }
            return .markup(bom: bom)
        default: return .other
        }
    }
}
