/// Decodes the entities left in metadata text that was escaped twice (`&amp;quot;` read once
/// by the HTML parser leaves `&quot;`): the five XML entities and numeric references.
enum HTMLEntityText {
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = after
                continue
            }
            let name = after[..<semicolon]
            if let scalar = scalar(for: name) {
                result.unicodeScalars.append(scalar)
            } else {
                result += "&" + name + ";"
            }
            rest = after[after.index(after: semicolon)...]
        }
        return result + rest
    }

    private static func scalar(for name: Substring) -> Unicode.Scalar? {
        switch name {
        case "quot": return "\""
        case "amp": return "&"
        case "apos": return "'"
        case "lt": return "<"
        case "gt": return ">"
        default: break
        }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
        return scalar
    }
}
