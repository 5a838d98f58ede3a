/// An HTML body turned into blocks of plain text, ready to wrap for a terminal or any
/// other text front end. Links and images are numbered references listed in ``links``.
public struct RichText: Sendable, Hashable, Codable {
    /// The blocks in reading order.
    public var blocks: [TextBlock]
    /// The numbered references; `[n]` markers in the blocks point at `links[n - 1]`.
    public var links: [NumberedLink]

    /// Creates rich text.
    public init(blocks: [TextBlock] = [], links: [NumberedLink] = []) {
        self.blocks = blocks
        self.links = links
    }

    /// True when there is no text at all.
    public var isEmpty: Bool { blocks.allSatisfy { $0.text.isEmpty } }
}

/// One block of rendered text.
public struct TextBlock: Sendable, Hashable, Codable {
    /// What kind of block this is; decides indentation and wrapping.
    public enum Kind: Sendable, Hashable, Codable {
        /// A paragraph of running text.
        case paragraph
        /// A heading of level 1…6.
        case heading(level: Int)
        /// A list item with its marker ("•", "1.") and nesting depth (0 for the outer list).
        case listItem(marker: String, depth: Int)
        /// Quoted text, nested `depth` levels (1 for a top-level blockquote).
        case quote(depth: Int)
        /// Preformatted text: never re-wrapped, whitespace kept.
        case preformatted
        /// One row of a table, cells already joined with " | ".
        case tableRow
        /// A horizontal rule.
        case rule
    }

    /// The kind of block.
    public var kind: Kind
    /// The text, free of control characters; `[n]` marks a numbered link.
    public var text: String

    /// Creates a block.
    public init(kind: Kind, text: String) {
        self.kind = kind
        self.text = text
    }
}

/// A link or image reference collected while rendering HTML.
public struct NumberedLink: Sendable, Hashable, Codable {
    /// Whether the reference is a hyperlink or an image.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// An `<a href>`.
        case link
        /// An `<img src>`.
        case image
    }

    /// The 1-based number shown in the text as `[n]`.
    public var number: Int
    /// The absolute URL.
    public var url: String
    /// A link or an image.
    public var kind: Kind

    /// Creates a numbered link.
    public init(number: Int, url: String, kind: Kind) {
        self.number = number
        self.url = url
        self.kind = kind
    }
}
