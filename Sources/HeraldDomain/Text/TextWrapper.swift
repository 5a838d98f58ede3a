/// Wraps text to a terminal width measured with ``DisplayWidth``, and lays out ``RichText``
/// the way a terminal feed reader such as newsboat does: blank lines between blocks,
/// indented lists and quotes, untouched preformatted text and the numbered links at the end.
public struct TextWrapper: Sendable {
    /// The width in columns; at least 8.
    public let width: Int

    /// Creates a wrapper for a width in columns (values under 8 are raised to 8).
    public init(width: Int) {
        self.width = max(8, width)
    }

    /// Wraps one piece of text. Newlines in `text` are kept as hard breaks; words longer
    /// than a line are broken between grapheme clusters.
    /// - Parameters:
    ///   - text: The text to wrap.
    ///   - indent: Put before the first line.
    ///   - hangingIndent: Put before every following line; `indent` when nil.
    /// - Returns: The lines, none wider than ``width`` (unless an indent alone is wider).
    public func wrap(_ text: String, indent: String = "", hangingIndent: String? = nil) -> [String] {
        let rest = hangingIndent ?? indent
        var lines: [String] = []
        var prefix = indent
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = prefix
            var lineWidth = DisplayWidth.of(prefix)
            var lineHasWord = false
            for word in paragraph.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                var piece = String(word)
                var pieceWidth = DisplayWidth.of(piece)
                let gap = lineHasWord ? 1 : 0
                if lineWidth + gap + pieceWidth <= width {
                    if lineHasWord { line += " " }
                    line += piece
                    lineWidth += gap + pieceWidth
                    lineHasWord = true
                    continue
                }
                if lineHasWord {
                    lines.append(line)
                    prefix = rest
                    line = prefix
                    lineWidth = DisplayWidth.of(prefix)
                    lineHasWord = false
                }
                let room = max(1, width - lineWidth)
                while pieceWidth > room {
                    let (head, tail) = split(piece, maxWidth: room)
                    lines.append(line + head)
                    prefix = rest
                    line = prefix
                    lineWidth = DisplayWidth.of(prefix)
                    piece = tail
                    pieceWidth = DisplayWidth.of(piece)
                }
                line += piece
                lineWidth += pieceWidth
                lineHasWord = !piece.isEmpty
            }
            lines.append(line)
            prefix = rest
        }
        return lines.map { trimTrailingSpaces($0) }
    }

    /// Lays out rendered HTML: each block wrapped with its indentation, blocks separated by
    /// blank lines, and a `Links:` list of `[n]: url` lines at the end when there are links.
    public func lines(for rich: RichText) -> [String] {
        var out: [String] = []
        var previous: TextBlock.Kind?
        for block in rich.blocks {
            if let previous, needsBlankLine(between: previous, and: block.kind) { out.append("") }
            out += layout(block)
            previous = block.kind
        }
        if !rich.links.isEmpty {
            if !out.isEmpty { out.append("") }
            out.append("Links:")
            for link in rich.links {
                let label = "[\(link.number)]: "
                let suffix = link.kind == .image ? " (image)" : " (link)"
                out += wrap(link.url + suffix, indent: label, hangingIndent: String(repeating: " ", count: label.count))
            }
        }
        return out
    }

    private func layout(_ block: TextBlock) -> [String] {
        switch block.kind {
        case .paragraph, .tableRow:
            return wrap(block.text)
        case .heading(let level):
            let text = wrap(block.text)
            guard level <= 2, let longest = text.map(DisplayWidth.of).max(), longest > 0 else { return text }
            return text + [String(repeating: level == 1 ? "=" : "-", count: min(longest, width))]
        case .listItem(let marker, let depth):
            let indent = String(repeating: "  ", count: depth) + marker + " "
            return wrap(block.text, indent: indent, hangingIndent: String(repeating: " ", count: DisplayWidth.of(indent)))
        case .quote(let depth):
            let prefix = String(repeating: "> ", count: max(1, depth))
            return wrap(block.text, indent: prefix)
        case .preformatted:
            return block.text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
                let (head, _) = split(String(line), maxWidth: Int.max)
                return [trimTrailingSpaces("  " + head)]
            }
        case .rule:
            return [String(repeating: "-", count: width)]
        }
    }

    private func needsBlankLine(between a: TextBlock.Kind, and b: TextBlock.Kind) -> Bool {
        switch (a, b) {
        case (.listItem, .listItem), (.tableRow, .tableRow), (.quote, .quote): false
        default: true
        }
    }

    /// Splits `s` after the longest prefix no wider than `maxWidth` (at least one cluster).
    private func split(_ s: String, maxWidth: Int) -> (String, String) {
        var used = 0
        var index = s.startIndex
        while index < s.endIndex {
            let w = DisplayWidth.of(s[index])
            if used + w > maxWidth && index > s.startIndex { break }
            used += w
            index = s.index(after: index)
        }
        return (String(s[..<index]), String(s[index...]))
    }

    private func trimTrailingSpaces(_ s: String) -> String {
        var end = s.endIndex
        while end > s.startIndex, s[s.index(before: end)] == " " { end = s.index(before: end) }
        return String(s[..<end])
    }
}
