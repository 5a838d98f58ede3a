import Foundation
import Herald

/// Google Reader's identifiers: items (in the four forms clients send), streams, and the
/// continuation that keys a page by its position in the order.
enum GoogleReaderIDs {
    static let itemPrefix = "tag:google.com,2005:reader/item/"
    static let readingList = "user/-/state/com.google/reading-list"
    static let read = "user/-/state/com.google/read"
    static let starred = "user/-/state/com.google/starred"
    static let keptUnread = "user/-/state/com.google/kept-unread"
    static let labelPrefix = "user/-/label/"

    /// The long form of an item id: `tag:google.com,2005:reader/item/` and 16 hex digits.
    static func longItemID(_ id: ArticleID) -> String {
        let hex = String(UInt64(bitPattern: id.rawValue), radix: 16)
        return itemPrefix + String(repeating: "0", count: max(0, 16 - hex.count)) + hex
    }

    /// An item id in any form clients send: the long form, decimal, 16 bare hex digits, or hex
    /// after `0x`; `nil` for anything else. As FreshRSS reads them: digits not starting with 0 are
    /// decimal, anything else is hex (after the long form's prefix or `0x`).
    static func itemID(_ text: String) -> ArticleID? {
        // Read as ASCII bytes (an `edit-tag` carries 1,000 ids); Foundation trims only when an
        // end is white space, as when a client sends a trailing newline.
        let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        let padded = text.utf8.first.map(isSpace) == true || text.utf8.last.map(isSpace) == true
        let trimmed = padded ? text.trimmingCharacters(in: .whitespacesAndNewlines) : text
        if let first = trimmed.utf8.first, first != UInt8(ascii: "0"),
           trimmed.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            guard let value = Int64(trimmed), value > 0 else { return nil }
            return ArticleID(value)
        }
        var digits = Substring(trimmed)
        if digits.hasPrefix(itemPrefix) { digits = digits.dropFirst(itemPrefix.count) }
        if digits.lowercased().hasPrefix("0x") { digits = digits.dropFirst(2) }
        return hex(String(digits))
    }

    private static func hex(_ text: String) -> ArticleID? {
        guard !text.isEmpty, text.count <= 16, let value = UInt64(text, radix: 16), value > 0,
              value <= UInt64(Int64.max) else { return nil }
        return ArticleID(Int64(value))
    }

    /// A label's stream id.
    static func label(_ tag: String) -> String { labelPrefix + tag }

    /// The tag a label stream names (`user/-/label/X` or `user/<id>/label/X`), if it is one.
    static func tag(inLabel stream: String) -> String? {
        let parts = stream.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "user", parts[2] == "label", !parts[3].isEmpty else { return nil }
        return String(parts[3])
    }

    /// The state a stream names (`user/-/state/com.google/read` or with a user id), if it is one.
    static func state(_ stream: String) -> String? {
        let parts = stream.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "user", parts[2] == "state" else { return nil }
        return String(parts[3])
    }

    /// A continuation: the last item's position in the order, its date (the exact bits of the
    /// stored number, so the next page starts exactly after it) and its id: `4dd2c0e1a2b3c4d5_812`.
    static func continuation(_ cursor: PageCursor) -> String {
        String(cursor.date.timeIntervalSince1970.bitPattern, radix: 16) + "_" + String(cursor.id.rawValue)
    }

    /// The cursor a continuation names; `nil` for a malformed one.
    static func cursor(_ text: String) -> PageCursor? {
        let parts = text.split(separator: "_")
        guard parts.count == 2, let bits = UInt64(parts[0], radix: 16), let id = Int64(parts[1]) else { return nil }
        let seconds = Double(bitPattern: bits)
        guard seconds.isFinite else { return nil }
        return PageCursor(date: Date(timeIntervalSince1970: seconds), id: ArticleID(id))
    }
}
