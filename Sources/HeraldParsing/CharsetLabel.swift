/// What a charset label (an HTTP `charset`, an XML `encoding`) says about the bytes, compared
/// in the loose way labels are written: case, `-`, `_` and spaces ignored (`ISO_8859-1`, `latin1`).
struct CharsetLabel {
    /// The label as written.
    let name: String
    /// Lower case, without `-`, `_` or spaces.
    let key: String

    init(_ name: String) {
        self.name = name
        key = String(name.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" && $0 != " " })
    }

    /// UTF-8 (or its `utf8` spelling).
    var isUTF8: Bool { key == "utf8" }

    /// A label of an encoding with one byte per character: ISO-8859-x, windows-125x, KOI8, ASCII…
    /// Bytes in such an encoding always decode, so a wrong one is found only from statistics.
    var isSingleByte: Bool {
        isLatin || ["iso8859", "windows125", "cp125", "koi8", "latin", "cp866", "ibm866", "maccyrillic", "macintosh"]
            .contains { key.hasPrefix($0) }
    }

    /// A Western European label, under which Cyrillic bytes would read as accented Latin letters.
    var isLatin: Bool {
        ["iso88591", "latin1", "l1", "cp819", "ibm819", "windows1252", "cp1252", "xcp1252", "iso885915", "latin9",
         "usascii", "ascii", "iso646us", "ansix3.41968"].contains(key)
    }

    /// Labels libxml2 decodes without iconv, which need no lookup.
    var isBuiltIn: Bool {
        ["utf8", "utf16", "utf16le", "utf16be", "iso88591", "latin1", "usascii", "ascii"].contains(key)
    }
}
