/// Which links of an article may be offered to the user as links to open: shared by the parser's
/// numbered links, the article's own link in every front end, and the web sanitiser.
public enum LinkSafety {
    /// Schemes that run code or read local data when opened: never numbered, never openable.
    private static let refused: Set<String> = ["javascript", "vbscript", "data", "file", "blob", "filesystem"]

    /// True unless the link's scheme is one that runs code or reads local data. Browsers ignore
    /// tabs, line breaks and other control characters inside a scheme (`java\tscript:`), so they
    /// are ignored here too before the scheme is read; a link without a scheme (relative) is offered.
    public static func isOfferable(_ href: String) -> Bool {
        var scheme = ""
        for scalar in href.unicodeScalars {
            if scalar == ":" { return !refused.contains(scheme.lowercased()) }
            if scalar.value < 0x21 || (0x7F...0x9F).contains(scalar.value) { continue }
            guard scalar.isASCII, scalar.properties.isAlphabetic || "+-.".unicodeScalars.contains(scalar)
                    || ("0"..."9").contains(Character(scalar)) else { return true }
            scheme.unicodeScalars.append(scalar)
        }
        return true
    }
}
