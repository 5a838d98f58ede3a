/// Which links of an article may be offered to the user as links to open: shared by the parser's
/// numbered links, the article's own link in every front end, and the web sanitiser.
public enum LinkSafety {
    /// Schemes that run code or read local data when opened: never numbered, never openable.
    private static let refused: Set<String> = ["javascript", "vbscript", "data", "file", "blob", "filesystem"]

    /// True unless the link's scheme is one that runs code or reads local data. A link without a
    /// scheme (relative) is offered.
    public static func isOfferable(_ href: String) -> Bool {
        guard let scheme = scheme(of: href) else { return true }
        return !refused.contains(scheme)
    }

    /// The scheme of `url` as a browser reads it, lower-cased; nil when it has none (a relative
    /// reference). Browsers ignore tabs, line breaks and other control characters inside a scheme
    /// (`java\tscript:`), so they are ignored here too before the scheme is read.
    public static func scheme(of url: String) -> String? {
        var scheme = ""
        for scalar in url.unicodeScalars {
            if scalar == ":" { return scheme.lowercased() }
            if isControl(scalar) || scalar == " " { continue }
            guard scalar.isASCII, scalar.properties.isAlphabetic || "+-.".unicodeScalars.contains(scalar)
                    || ("0"..."9").contains(Character(scalar)) else { return nil }
            scheme.unicodeScalars.append(scalar)
        }
        return nil
    }

    /// A C0 control, DEL or a C1 control.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
