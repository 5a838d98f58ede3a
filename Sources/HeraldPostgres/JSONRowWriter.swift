/// Writes rows of strings and numbers as a JSON array of objects, the way `jsonb_to_recordset`
/// reads them: a key whose value is `nil` is left out (NULL). Written by hand because
/// `JSONEncoder` was a tenth of a PostgreSQL refresh's CPU (it builds a tree of values first).
struct JSONRowWriter {
    /// A value of one column.
    enum Value {
        case text(String?)
        case number(Double?)
        case integer(Int64)
    }

    private var out: [UInt8] = [UInt8(ascii: "[")]
    private var rows = 0

    /// Appends one object with `columns` in order.
    mutating func append(_ columns: KeyValuePairs<String, Value>) {
        if rows > 0 { out.append(UInt8(ascii: ",")) }
        rows += 1
        out.append(UInt8(ascii: "{"))
        var first = true
        for (key, value) in columns {
            let literal: String?
            switch value {
            case .text(let text):
                guard let text else { continue }
                literal = nil
                separate(&first, key)
                writeString(text)
            case .number(let number):
                guard let number, number.isFinite else { continue }
                literal = "\(number)"
            case .integer(let integer):
                literal = String(integer)
            }
            if let literal {
                separate(&first, key)
                out.append(contentsOf: literal.utf8)
            }
        }
        out.append(UInt8(ascii: "}"))
    }

    /// The array so far.
    var json: String {
        String(decoding: out + [UInt8(ascii: "]")], as: UTF8.self)
    }

    private mutating func separate(_ first: inout Bool, _ key: String) {
        if !first { out.append(UInt8(ascii: ",")) }
        first = false
        writeString(key)
        out.append(UInt8(ascii: ":"))
    }

    private mutating func writeString(_ text: String) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                        hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
