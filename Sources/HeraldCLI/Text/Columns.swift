import Herald

/// Fits text into terminal columns by display width (wide CJK characters count two).
enum Columns {
    /// `text` cut to at most `width` columns, with "…" when cut.
    static func fit(_ text: String, _ width: Int) -> String {
        guard width > 0 else { return "" }
        if DisplayWidth.of(text) <= width { return text }
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = DisplayWidth.of(character)
            if used + characterWidth > width - 1 { break }
            result.append(character)
            used += characterWidth
        }
        return result + "…"
    }

    /// `text` fitted and padded with spaces to exactly `width` columns.
    static func pad(_ text: String, _ width: Int) -> String {
        let fitted = fit(text, width)
        return fitted + String(repeating: " ", count: max(0, width - DisplayWidth.of(fitted)))
    }

    /// Highlighted text for a terminal: matches in bold when interactive, else between «».
    static func highlighted(_ text: HighlightedText, interactive: Bool) -> String {
        text.segments.map { segment in
            guard segment.isMatch else { return segment.text }
            return interactive ? "\u{1B}[1m" + segment.text + "\u{1B}[22m" : "«" + segment.text + "»"
        }.joined()
    }
}
