/// Decodes the entities left in metadata text that was escaped twice (`&amp;quot;` read once
/// by the HTML parser leaves `&quot;`): numeric references and HTML 4's names.
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

    /// The parser's own entity table (numeric and HTML 4 names), as feed titles use it.
    private static func scalar(for name: Substring) -> Unicode.Scalar? {
        guard !name.isEmpty, let scalar = PlainText.decodeEntity(named: String(name)), scalar.value != 0 else { return nil }
        return scalar
    }
}
