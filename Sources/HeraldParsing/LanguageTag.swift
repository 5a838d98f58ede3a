/// A language as feeds write it (`xml:lang`, `<language>`, `dc:language`), made a BCP 47 tag:
/// `en_US` (the POSIX locale form many generators write) becomes `en-US`; blanks around go.
enum LanguageTag {
    static func normalized(_ value: String) -> String {
        let trimmed = value.trimmingASCIIWhitespace()
        guard trimmed.utf8.contains(UInt8(ascii: "_")) else { return trimmed }
        return String(trimmed.map { $0 == "_" ? "-" : $0 })
    }
}
