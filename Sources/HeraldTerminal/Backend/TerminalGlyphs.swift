/// Text as ncurses can place it. ncurses advances the cursor by each code point's width, where the
/// layout (``DisplayWidth``) and the terminal count a grapheme: an emoji joined by zero-width
/// joiners (a family, 👨‍👩‍👧‍👦) or with a skin tone (👍🏽) is 2 columns on screen and to the layout,
/// but 8 or 4 to ncurses, which then pushed a row's end off the screen or wrapped it onto the
/// next. Such a sequence is drawn as its first emoji, which every count agrees is 2 columns.
enum TerminalGlyphs {
    /// `text` with each joined or modified emoji sequence reduced to its first emoji.
    static func drawable(_ text: String) -> String {
        // ASCII and most text hold no such sequence: nothing to rebuild.
        guard text.unicodeScalars.contains(where: isJoinerOrModifier) else { return text }
        var out = String.UnicodeScalarView()
        for cluster in text {
            let scalars = cluster.unicodeScalars
            guard scalars.count > 1, scalars.contains(where: isJoinerOrModifier), let first = scalars.first,
                  first.properties.isEmoji else {
                out.append(contentsOf: scalars)
                continue
            }
            out.append(first)
            if scalars.dropFirst().first?.value == 0xFE0F { out.append("\u{FE0F}") }
        }
        return String(out)
    }

    /// The zero-width joiner and the five skin-tone modifiers.
    private static func isJoinerOrModifier(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x200D || (0x1F3FB...0x1F3FF).contains(scalar.value)
    }
}
