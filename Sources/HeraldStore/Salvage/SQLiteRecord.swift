import Foundation
import GRDB

/// SQLite's record format (a header of serial types, then the values) and its variable-length
/// integers, decoded from bytes that may be damaged: anything that does not add up is `nil`.
enum SQLiteRecord {
    /// The values of the record in `payload`, in column order; `nil` when the header and the
    /// values do not fit the payload exactly, or a text is not UTF-8.
    static func values(of payload: Data) -> [DatabaseValue]? {
        guard let (headerSize, headerLength) = varint(payload, at: 0), headerSize >= 1, headerSize <= payload.count else { return nil }
        var types: [Int64] = []
        var cursor = headerLength
        while cursor < Int(headerSize) {
            guard let (type, length) = varint(payload, at: cursor), type >= 0, type != 10, type != 11 else { return nil }
            types.append(type)
            cursor += length
        }
        guard cursor == Int(headerSize) else { return nil }
        var values: [DatabaseValue] = []
        values.reserveCapacity(types.count)
        for type in types {
            let length = byteLength(of: type)
            guard cursor + length <= payload.count else { return nil }
            let bytes = payload.subdata(in: (payload.startIndex + cursor)..<(payload.startIndex + cursor + length))
            cursor += length
            switch type {
            case 0: values.append(.null)
            case 1...6: values.append(integer(bytes).databaseValue)
            case 7: values.append(Double(bitPattern: UInt64(bitPattern: integer(bytes))).databaseValue)
            case 8: values.append(0.databaseValue)
            case 9: values.append(1.databaseValue)
            case let blob where blob % 2 == 0: values.append(bytes.databaseValue)
            default:
                guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
                values.append(text.databaseValue)
            }
        }
        return cursor == payload.count ? values : nil
    }

    /// The variable-length integer at `offset` and how many bytes it takes (1 to 9).
    static func varint(_ data: Data, at offset: Int) -> (Int64, Int)? {
        var value: UInt64 = 0
        for index in 0..<9 {
            guard offset >= 0, offset + index < data.count else { return nil }
            let byte = data[data.startIndex + offset + index]
            if index == 8 { return (Int64(bitPattern: value << 8 | UInt64(byte)), 9) }
            value = value << 7 | UInt64(byte & 0x7F)
            if byte & 0x80 == 0 { return (Int64(bitPattern: value), index + 1) }
        }
        return nil
    }

    /// How many bytes a value of serial type `type` takes.
    private static func byteLength(of type: Int64) -> Int {
        switch type {
        case 0, 8, 9: 0
        case 1: 1
        case 2: 2
        case 3: 3
        case 4: 4
        case 5: 6
        case 6, 7: 8
        default: Int((type - 12) / 2)
        }
    }

    /// A big-endian two's-complement integer of 1 to 8 bytes.
    private static func integer(_ bytes: Data) -> Int64 {
        var value: Int64 = bytes.first.map { Int64(Int8(bitPattern: $0)) } ?? 0
        for byte in bytes.dropFirst() { value = value << 8 | Int64(byte) }
        return value
    }
}
