/// How the value of a text construct is to be read.
public enum TextType: String, Sendable, Codable, CaseIterable {
    /// Plain text: show as is.
    case text
    /// Escaped HTML markup.
    case html
    /// Inline XHTML markup (serialised back to a string by the parser).
    case xhtml
}

/// A piece of text from a feed with its type and in-scope language:
/// a title, summary, content, subtitle or rights statement.
public struct TextConstruct: Sendable, Hashable, Codable {
    /// How ``value`` is to be read.
    public var type: TextType
    /// The text or markup, entities already decoded.
    public var value: String
    /// The in-scope `xml:lang` (or the feed's language), if any.
    public var language: String?

    /// Creates a text construct.
    public init(type: TextType, value: String, language: String? = nil) {
        self.type = type
        self.value = value
        self.language = language
    }
}
