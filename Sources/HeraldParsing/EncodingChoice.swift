import Foundation

/// How the bytes of an XML document are decoded, and what was done to decide it.
struct EncodingChoice: Equatable {
    /// A charset handed to libxml2 that overrides the document's own declaration, or nil to let
    /// libxml2 follow the byte order mark or the declaration itself.
    var forced: String?
    /// The charset reported in ``HeraldDomain/ParsedFeed/encoding``.
    var name: String
    /// What was worked around, for the feed's warnings.
    var notes: [String] = []

    /// libxml2's own choice: a byte order mark, the declaration, else UTF-8.
    static func natural(_ name: String) -> EncodingChoice { EncodingChoice(forced: nil, name: name) }

    /// A charset that wins over the declaration.
    static func forced(_ name: String, note: String? = nil) -> EncodingChoice {
        EncodingChoice(forced: name, name: name, notes: note.map { [$0] } ?? [])
    }

    /// True when the bytes are read as UTF-8.
    var isUTF8: Bool { CharsetLabel(forced ?? name).isUTF8 }
}

/// Decides which charset decodes a document, in the order of Docs/parsing.md ("Encodings"):
/// byte order mark, transport charset, declaration, UTF-8; a declaration iconv does not know
/// falls back to the transport charset, then UTF-8 if the bytes validate, then windows-1252; a
/// single-byte label is checked against the bytes (UTF-8 in disguise, Cyrillic read as Latin).
enum EncodingResolver {
    /// The charset to try first.
    /// - Parameters:
    ///   - transport: The HTTP charset, already known to iconv.
    ///   - declared: The encoding of the XML declaration, as written.
    static func initialChoice(for data: Data, transport: String?, declared: String?) -> EncodingChoice {
        var choice: EncodingChoice
        if let transport {
            choice = .forced(transport)
            if let declared, !isKnown(declared) {
                choice.notes.append("The document declares the unknown encoding \"\(printable(declared))\"; read as \(transport), as the server says.")
            }
        } else if let declared, !isKnown(declared) {
            let valid = data.withUnsafeBytes { UTF8Census(of: $0, stoppingAtInvalid: true).isValid }
            let fallback = valid ? "UTF-8" : singleByteFallback(for: data)
            choice = .forced(fallback, note: "The document declares the unknown encoding \"\(printable(declared))\"; read as \(fallback).")
        } else if let declared, data.first != UInt8(ascii: "<"), !CharsetLabel(declared).isUTF8 {
            // libxml2 reads a declaration only at the very first byte: after blank lines (a PHP
            // theme's) it would read the document as UTF-8 and then Latin-1.
            choice = .forced(declared, note: "The XML declaration follows blank lines; read as \(printable(declared)), as it says.")
        } else if let declared {
            choice = .natural(declared)
        } else {
            return .natural("UTF-8")
        }
        return checkedSingleByteLabel(choice, data: data)
    }

    /// What to do when libxml2 found bytes that are not UTF-8 in a document read as UTF-8.
    enum Fallback: Equatable {
        /// The bytes are UTF-8 with damage: replace the invalid sequences with U+FFFD.
        case repair
        /// The bytes are in another encoding: read them again with this one.
        case reread(EncodingChoice)
    }

    /// The next candidate after UTF-8 failed, or nil when the bytes are valid UTF-8 after all
    /// (libxml2 complained about a character XML forbids, not about the encoding).
    /// - Parameters:
    ///   - census: The UTF-8 census of the whole document.
    ///   - declared: The encoding of the XML declaration, if any.
    static func fallback(after choice: EncodingChoice, census: UTF8Census, data: Data, declared: String?) -> Fallback? {
        guard census.invalidBytes > 0 else { return nil }
        if census.looksLikeDamagedUTF8 { return .repair }
        let label = choice.forced != nil ? "labelled UTF-8 by the server" : declared != nil ? "declared as UTF-8" : "not labelled"
        if choice.forced != nil, let declared, isKnown(declared), !CharsetLabel(declared).isUTF8 {
            let next = EncodingChoice.forced(declared, note: "The document is \(label) but its bytes are not UTF-8; read as \(declared), as its XML declaration says.")
            return .reread(checkedSingleByteLabel(next, data: data))
        }
        let fallback = singleByteFallback(for: data)
        let next = EncodingChoice.forced(fallback, note: "The document is \(label) but its bytes are not UTF-8; read as \(fallback).")
        return .reread(checkedSingleByteLabel(next, data: data))
    }

    /// windows-1252, or ISO-8859-1 when the bytes hold one of the five that windows-1252 leaves
    /// undefined (iconv would stop at them).
    static func singleByteFallback(for data: Data) -> String {
        let undefined: Set<UInt8> = [0x81, 0x8D, 0x8F, 0x90, 0x9D]
        return data.contains(where: undefined.contains) ? "ISO-8859-1" : "windows-1252"
    }

    /// Checks a single-byte label against the bytes: valid UTF-8 with multi-byte sequences is
    /// read as UTF-8, Cyrillic letters under a Latin label as windows-1251 or KOI8-R, and
    /// non-ASCII bytes under an ASCII label as windows-1252. Other labels pass unchanged.
    static func checkedSingleByteLabel(_ choice: EncodingChoice, data: Data) -> EncodingChoice {
        let label = CharsetLabel(choice.forced ?? choice.name)
        guard label.isSingleByte else { return choice }
        let original = choice.forced ?? choice.name
        return data.withUnsafeBytes { bytes -> EncodingChoice in
            var next = choice
            let census = UTF8Census(of: bytes, stoppingAtInvalid: true)
            if census.isValid, census.multiByteSequences > 0 {
                next.forced = "UTF-8"
                next.name = "UTF-8"
                next.notes.append("The document is labelled \(printable(original)) but its bytes are UTF-8; read as UTF-8.")
            } else if label.isLatin, let cyrillic = CyrillicDetector.misreadEncoding(of: bytes) {
                next.forced = cyrillic
                next.name = cyrillic
                next.notes.append("The document is labelled \(printable(original)) but its letters are Cyrillic; read as \(cyrillic).")
            } else if ["iso88591", "latin1", "l1", "cp819", "ibm819"].contains(label.key),
                      bytes.contains(where: { (0x80...0x9F).contains($0) }), singleByteFallback(for: data) == "windows-1252" {
                // ISO-8859-1 has control characters where windows-1252 has its punctuation (‘ ’ “ ” – — €):
                // such bytes under that label are windows-1252's, as browsers read the label.
                next.forced = "windows-1252"
                next.name = "windows-1252"
                next.notes.append("The document is labelled \(printable(original)) but holds windows-1252 punctuation; read as windows-1252.")
            } else if ["usascii", "ascii", "iso646us", "ansix3.41968"].contains(label.key), census.multiByteSequences + census.invalidBytes > 0 {
                let fallback = singleByteFallback(for: data)
                next.forced = fallback
                next.name = fallback
                next.notes.append("The document is labelled \(printable(original)) but holds other bytes; read as \(fallback).")
            }
            return next
        }
    }

    /// True when libxml2 can decode the label (built in, or through iconv).
    static func isKnown(_ name: String) -> Bool {
        CharsetLabel(name).isBuiltIn || LibXMLFeedParser.knownCharset(name) != nil
    }

    /// A label fit for a warning.
    private static func printable(_ name: String) -> String {
        String(name.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }.prefix(40))
    }
}
