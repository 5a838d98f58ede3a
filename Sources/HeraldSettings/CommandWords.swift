import HeraldDomain

/// A command line of the config file split into words (``CommandLineWords``), with the config
/// file's error for a line that has none.
enum CommandWords {
    /// The words of `text`.
    /// - Throws: ``ConfigurationError`` for an unclosed quote or an empty command.
    static func split(_ text: String, key: String, at place: String) throws(ConfigurationError) -> [String] {
        if let words = CommandLineWords.split(text) { return words }
        if text.allSatisfy({ $0 == " " || $0 == "\t" }) {
            throw ConfigurationError("\(place): `\(key)` needs a command.")
        }
        throw ConfigurationError("\(place): `\(key)` has an unclosed quote or a trailing backslash.")
    }
}
