/// A command line of the config file split into words as a shell would, without running one:
/// spaces separate words, `'…'` and `"…"` quote, `\` escapes the next character (not inside `'…'`).
/// Nothing is expanded: no variables, globs or `~` past the first word.
enum CommandWords {
    /// The words of `text`.
    /// - Throws: ``ConfigurationError`` for an unclosed quote or an empty command.
    static func split(_ text: String, key: String, at place: String) throws(ConfigurationError) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    current.append(character)
                }
                continue
            }
            switch character {
            case "\\":
                escaped = true
                inWord = true
            case "'", "\"":
                quote = character
                inWord = true
            case " ", "\t":
                if inWord { words.append(current) }
                current = ""
                inWord = false
            default:
                current.append(character)
                inWord = true
            }
        }
        if quote != nil || escaped {
            throw ConfigurationError("\(place): `\(key)` has an unclosed quote or a trailing backslash.")
        }
        if inWord { words.append(current) }
        guard !words.isEmpty else { throw ConfigurationError("\(place): `\(key)` needs a command.") }
        return words
    }
}
