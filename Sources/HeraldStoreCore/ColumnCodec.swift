import Foundation

/// How both stores keep values outside their column types: dates as seconds since 1970 (a
/// `REAL`/`double precision`), small structured values (authors, enclosures, categories, fetch
/// failures, settings) as JSON text with sorted keys, so equal values are equal text.
public enum ColumnCodec {
    /// Seconds since 1970, or `nil`.
    public static func seconds(_ date: Date?) -> Double? { date?.timeIntervalSince1970 }

    /// The date of seconds since 1970, or `nil`.
    public static func date(_ seconds: Double?) -> Date? { seconds.map(Date.init(timeIntervalSince1970:)) }

    /// The JSON text of `value`, or `nil` for `nil`.
    public static func json<T: Encodable>(_ value: T?) -> String? {
        guard let value else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let data = try? encoder.encode(value) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// JSON for a list, `nil` when the list is empty (most rows).
    public static func jsonList<T: Encodable>(_ values: [T]) -> String? {
        values.isEmpty ? nil : json(values)
    }

    /// The value JSON `text` holds, or `nil` for no text or text that does not decode.
    public static func decode<T: Decodable>(_ type: T.Type, from text: String?) -> T? {
        guard let text else { return nil }
        return try? JSONDecoder().decode(type, from: Data(text.utf8))
    }
}
