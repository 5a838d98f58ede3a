import Herald

/// Terminal-only text helpers of the CLI (fitting text into columns is `ColumnText`, shared with the reader).
enum Columns {
    /// Highlighted text for a terminal: matches in bold when interactive, else between «».
    static func highlighted(_ text: HighlightedText, interactive: Bool) -> String {
        text.segments.map { segment in
            guard segment.isMatch else { return segment.text }
            return interactive ? "\u{1B}[1m" + segment.text + "\u{1B}[22m" : "«" + segment.text + "»"
        }.joined()
    }
}
