import CLibXML2

/// Runs libxml2's HTML push parser (`HTML_PARSE_RECOVER | NONET | NOERROR | NOWARNING`) over
/// UTF-8 bytes with a caller's SAX handler (SAX1 element callbacks, names lower-cased).
enum HTMLPushParser {
    /// Parses `bytes` in 64 KiB chunks.
    /// - Parameters:
    ///   - ignoresDeclaredEncoding: Adds `HTML_PARSE_IGNORE_ENC`: a `<meta charset>` in the
    ///     markup does not switch the decoding of the rest (for bytes that are UTF-8 already,
    ///     made from a `String`).
    ///   - shouldStop: Asked after each chunk; true ends the parse early (the handler has all it wants).
    static func parse(_ bytes: UnsafeRawBufferPointer, handler: inout htmlSAXHandler, userData: UnsafeMutableRawPointer,
                      encoding: xmlCharEncoding = XML_CHAR_ENCODING_UTF8, ignoresDeclaredEncoding: Bool = false,
                      shouldStop: () -> Bool = { false }) {
        guard let ctxt = htmlCreatePushParserCtxt(&handler, userData, nil, 0, nil, encoding) else { return }
        defer { htmlFreeParserCtxt(ctxt) }
        var options = HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
            | HTML_PARSE_NOWARNING.rawValue
        if ignoresDeclaredEncoding { options |= HTML_PARSE_IGNORE_ENC.rawValue }
        htmlCtxtUseOptions(ctxt, Int32(options))
        if let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) {
            var offset = 0
            while offset < bytes.count {
                let length = min(64 * 1024, bytes.count - offset)
                htmlParseChunk(ctxt, base + offset, Int32(length), 0)
                if ctxt.pointee.instate == XML_PARSER_EOF || shouldStop() { break }
                offset += length
            }
        }
        htmlParseChunk(ctxt, nil, 0, 1)
    }

    /// The value of attribute `name` in a SAX1 attribute list (name, value, name, value…, nil).
    static func attribute(_ name: String, in attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) -> String? {
        guard var cursor = attributes else { return nil }
        while let key = cursor.pointee {
            let value = (cursor + 1).pointee
            if String(cString: key).lowercased() == name { return value.map { String(cString: $0) } ?? "" }
            cursor += 2
        }
        return nil
    }
}
