/// What a piece of text is, for the theme to colour: views say what, never how.
public enum TextRole: Sendable, Hashable, CaseIterable {
    /// Ordinary text.
    case plain
    /// The bar at the top (screen title and counts).
    case titleBar
    /// A group or section heading.
    case heading
    /// An unread article or a feed with unread articles.
    case unread
    /// Secondary text: dates, feed names, read articles.
    case dim
    /// A search match.
    case match
    /// A link or URL.
    case link
    /// An error.
    case error
    /// A transient notice.
    case notice
    /// Progress of a long task.
    case progress
    /// The key hints line.
    case hints
}

/// A run of text with one role.
public struct Span: Sendable, Hashable {
    /// The text, already safe for a terminal.
    public var text: String
    /// What it is.
    public var role: TextRole

    /// Creates a span.
    public init(_ text: String, _ role: TextRole = .plain) {
        self.text = text
        self.role = role
    }
}

/// One line of the screen: spans left to right, and whether it is the selected row (drawn reversed).
public struct StyledLine: Sendable, Hashable {
    /// The spans.
    public var spans: [Span]
    /// Whether the whole line is highlighted as the cursor.
    public var isSelected: Bool

    /// Creates a line.
    public init(_ spans: [Span] = [], isSelected: Bool = false) {
        self.spans = spans
        self.isSelected = isSelected
    }

    /// A line of one span.
    public init(_ text: String, _ role: TextRole = .plain, isSelected: Bool = false) {
        self.init([Span(text, role)], isSelected: isSelected)
    }

    /// The text without styles (what a golden file and `tmux capture-pane` show).
    public var text: String { spans.map(\.text).joined() }
}

/// A terminal's size in character cells.
public struct TerminalSize: Sendable, Hashable {
    /// Columns.
    public var width: Int
    /// Lines.
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The smallest window the reader lays out in; below it one line says so.
    public static let minimum = TerminalSize(width: 40, height: 12)

    /// Whether the reader can lay out its screens in this size.
    public var isUsable: Bool { width >= Self.minimum.width && height >= Self.minimum.height }
}
