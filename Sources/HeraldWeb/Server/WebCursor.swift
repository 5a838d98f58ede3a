#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Herald

/// The keyset cursor of a list page in a link: `after=<seconds since 1970>_<article id>`. The seconds
/// are written with Swift's shortest round-trip form, so the cursor reads back exactly.
public enum WebCursor {
    /// The `after=` value of a cursor.
    public static func encode(_ cursor: PageCursor) -> String {
        "\(cursor.date.timeIntervalSince1970)_\(cursor.id.rawValue)"
    }

    /// The cursor, or nil for anything malformed.
    public static func decode(_ text: String) -> PageCursor? {
        let parts = text.split(separator: "_")
        guard parts.count == 2, let seconds = Double(parts[0]), seconds.isFinite, let id = Int64(parts[1]), id > 0 else {
            return nil
        }
        return PageCursor(date: Date(timeIntervalSince1970: seconds), id: ArticleID(id))
    }
}
