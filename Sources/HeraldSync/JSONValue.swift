import Foundation

/// A JSON value of an answer whose keys depend on the request (Fever's answers hold what the query
/// asked for; Google Reader's items hold optional parts).
indirect enum JSONValue: Encodable, Sendable {
    case int(Int)
    case int64(Int64)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .int(let value): try container.encode(value)
        case .int64(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let values): try container.encode(values)
        case .object(let values): try container.encode(values)
        }
    }
}
