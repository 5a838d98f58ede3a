import HeraldDomain

/// Splits the one string RSS gives a person (`author`, `managingEditor`, `webMaster`,
/// `dc:creator`, `itunes:author`) into a name and an e-mail address. The common forms:
/// `jane@example.com (Jane Doe)` (RSS 2.0), `Jane Doe <jane@example.com>` (RFC 5322),
/// `"Jane Doe" <jane@example.com>`, `Jane Doe (jane@example.com)`, `mailto:jane@example.com`,
/// `Jane Doe jane@example.com`, a bare address or a bare name.
enum RSSPerson {
    /// The person a plain-text line names, or nil for an empty line.
    static func parse(_ line: String) -> Person? {
        let value = line.trimmingASCIIWhitespace()
        guard !value.isEmpty else { return nil }
        guard value.utf8.contains(UInt8(ascii: "@")) else { return Person(name: value) }
        if let (outside, inside) = split(value, open: "(", close: ")") {
            if let email = address(outside) { return Person(name: name(inside), email: email) }
            if let email = address(inside) { return Person(name: name(outside), email: email) }
        }
        if let (outside, inside) = split(value, open: "<", close: ">"), let email = address(inside) {
            return Person(name: name(outside), email: email)
        }
        if let email = address(value) { return Person(email: email) }
        // `Jane Doe jane@example.com`: one word is the address, the rest the name.
        let words = value.split(whereSeparator: { $0 == " " || $0 == "\t" })
        if let index = words.firstIndex(where: { address(String($0)) != nil }) {
            let rest = words.enumerated().filter { $0.offset != index }.map { String($0.element) }.joined(separator: " ")
            return Person(name: name(rest), email: address(String(words[index])))
        }
        return Person(name: value)
    }

    /// The text before a trailing `(…)` or `<…>` group and the text inside it.
    private static func split(_ value: String, open: Character, close: Character) -> (String, String)? {
        guard value.last == close, let start = value.lastIndex(of: open) else { return nil }
        let outside = String(value[..<start])
        let inside = String(value[value.index(after: start)..<value.index(before: value.endIndex)])
        return (outside, inside)
    }

    /// The e-mail address a fragment is, if it is one: `local@domain` without spaces, with an
    /// optional `mailto:` and surrounding `<>`.
    private static func address(_ fragment: String) -> String? {
        var text = Substring(fragment.trimmingASCIIWhitespace())
        if text.first == "<", text.last == ">" { text = text.dropFirst().dropLast() }
        if text.lowercased().hasPrefix("mailto:") { text = text.dropFirst(7) }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasSuffix("."),
              !text.contains(where: { $0 == " " || $0 == "\t" || $0 == "<" || $0 == ">" || $0 == "(" || $0 == ")" }) else {
            return nil
        }
        return String(text)
    }

    /// A name fragment without surrounding quotes and separators, or nil when nothing is left.
    private static func name(_ fragment: String) -> String? {
        var text = Substring(fragment.trimmingASCIIWhitespace())
        while let last = text.last, last == "," || last == ";" || last == "-" { text = text.dropLast() }
        text = Substring(String(text).trimmingASCIIWhitespace())
        if text.count >= 2, let first = text.first, let last = text.last, (first, last) == ("\"", "\"") || (first, last) == ("'", "'") {
            text = text.dropFirst().dropLast()
        }
        let result = String(text).trimmingASCIIWhitespace()
        return result.isEmpty ? nil : result
    }
}
