import HeraldDomain

/// Hand-written JSON for the small lists stored with each article (categories, enclosures, people).
/// It writes what `JSONEncoder` with sorted keys would (nil fields omitted) so `ColumnCodec.decode`
/// reads it back, without an encoder per row: on a refresh this runs for every item.
package enum ListJSON {
    /// `[{"label":…,"scheme":…,"term":…}]`, or nil for an empty list.
    package static func categories(_ values: [Category]) -> String? {
        list(values) { object(&$0, [("label", $1.label), ("scheme", $1.scheme), ("term", $1.term)]) }
    }

    /// `[{"length":…,"type":…,"url":…}]`, or nil for an empty list.
    package static func enclosures(_ values: [Enclosure]) -> String? {
        list(values) { output, enclosure in
            output += "{"
            var first = true
            if let length = enclosure.length { output += "\"length\":\(length)"; first = false }
            for (key, value) in [("type", enclosure.type), ("url", Optional(enclosure.url))] {
                guard let value else { continue }
                if !first { output += "," }
                first = false
                output += "\"\(key)\":"
                string(&output, value)
            }
            output += "}"
        }
    }

    /// `[{"email":…,"name":…,"uri":…}]`, or nil for an empty list.
    package static func people(_ values: [Person]) -> String? {
        list(values) { object(&$0, [("email", $1.email), ("name", $1.name), ("uri", $1.uri)]) }
    }

    /// `["…","…"]`: a JSON array of strings (`[]` when empty).
    package static func strings(_ values: [String]) -> String {
        list(values) { string(&$0, $1) } ?? "[]"
    }

    private static func list<T>(_ values: [T], _ write: (inout String, T) -> Void) -> String? {
        guard !values.isEmpty else { return nil }
        var output = "["
        for (index, value) in values.enumerated() {
            if index > 0 { output += "," }
            write(&output, value)
        }
        return output + "]"
    }

    private static func object(_ output: inout String, _ fields: [(String, String?)]) {
        output += "{"
        var first = true
        for (key, value) in fields {
            guard let value else { continue }
            if !first { output += "," }
            first = false
            output += "\"\(key)\":"
            string(&output, value)
        }
        output += "}"
    }

    private static func string(_ output: inout String, _ value: String) {
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            output += "\""
            output += value
            output += "\""
            return
        }
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
