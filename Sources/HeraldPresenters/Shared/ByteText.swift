#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Byte counts for people.
public enum ByteText {
    /// "812 bytes", "3.4 MB" (binary multiples, one decimal).
    public static func describe(_ bytes: Int64) -> String {
        let units = ["bytes", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        guard unit > 0 else { return "\(bytes) bytes" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) " + units[unit]
    }
}
