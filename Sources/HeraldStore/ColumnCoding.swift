import Foundation
import GRDB

/// How values outside SQLite's types are kept in columns: dates as seconds since 1970,
/// small structured values as JSON text.
enum ColumnCoding {
    static func seconds(_ date: Date?) -> Double? { date?.timeIntervalSince1970 }

    static func date(_ seconds: Double?) -> Date? { seconds.map(Date.init(timeIntervalSince1970:)) }

    static func json<T: Encodable>(_ value: T?) -> String? {
        guard let value else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let data = try? encoder.encode(value) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// JSON for a list, `nil` when the list is empty (most rows).
    static func jsonList<T: Encodable>(_ values: [T]) -> String? {
        values.isEmpty ? nil : json(values)
    }

    static func decode<T: Decodable>(_ type: T.Type, from text: String?) -> T? {
        guard let text else { return nil }
        return try? JSONDecoder().decode(type, from: Data(text.utf8))
    }
}
