import Herald

/// A screen's part of the frame: the title bar's words and the content lines, already scrolled
/// to fit the content area.
public struct ScreenBody: Sendable, Hashable {
    /// The screen's title ("Feeds", "Swift Blog", "Search: swift").
    public var title: String
    /// Counts beside the title ("3 feeds · 12 unread").
    public var subtitle: String
    /// The content lines, at most the content area's height.
    public var lines: [StyledLine]

    /// Creates a body.
    public init(title: String, subtitle: String = "", lines: [StyledLine]) {
        self.title = title
        self.subtitle = subtitle
        self.lines = lines
    }

    /// The body of a screen that is not loaded: loading, empty or failed, centred vertically.
    static func state(title: String, message: String, role: TextRole, height: Int, width: Int) -> ScreenBody {
        let wrapped = TextWrapper(width: max(8, width - 4)).wrap(message).map { StyledLine("  " + $0, role) }
        let top = max(0, (height - wrapped.count) / 2 - 1)
        return ScreenBody(title: title, lines: Array(repeating: StyledLine(), count: top) + wrapped)
    }
}

/// Which slice of a list is visible: the page the cursor is on (a pure function of the cursor, so
/// the same view model and cursor always draw the same screen).
enum Viewport {
    /// The first visible row for a cursor in `count` rows shown `height` at a time.
    static func top(cursor: Int, count: Int, height: Int) -> Int {
        guard height > 0, count > height else { return 0 }
        let page = max(0, min(cursor, count - 1)) / height
        return min(page * height, max(0, count - height))
    }

    /// The visible rows of `lines` around `cursor`.
    static func visible(_ lines: [StyledLine], cursor: Int, height: Int) -> [StyledLine] {
        let top = top(cursor: cursor, count: lines.count, height: height)
        return Array(lines[top..<min(lines.count, top + height)])
    }
}
