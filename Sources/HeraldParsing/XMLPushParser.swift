import CLibXML2
#if canImport(Glibc)
import Glibc
#endif

/// Runs libxml2's push parser over a buffer in 64 KiB chunks with a caller's SAX handler:
/// always `XML_PARSE_RECOVER | XML_PARSE_NONET`, never `NOENT` or `DTDLOAD`.
enum XMLPushParser {
    /// What libxml2 reported about the document as a whole.
    struct Outcome {
        /// False when libxml2 had to recover from an error.
        var wellFormed: Bool
        /// The encoding named by the XML declaration, if any.
        var declaredEncoding: String?
    }

    /// The chunk size fed to `xmlParseChunk`.
    static let chunkSize = 64 * 1024

    /// Parses `bytes` with `handler`, passing `userData` to every callback.
    /// - Parameters:
    ///   - encoding: A charset that overrides the XML declaration (the transport charset), if any.
    ///   - onContext: Called once with the parser context before the first byte is parsed.
    ///   - releasingPages: `bytes` are a private, read-only file mapping starting on a page: each
    ///     page libxml2 has consumed (it copies what it keeps) is handed back to the kernel with
    ///     `MADV_DONTNEED`, so a large file is never resident whole. Never set for other memory,
    ///     which `MADV_DONTNEED` would zero.
    static func parse(_ bytes: UnsafeRawBufferPointer, handler: inout xmlSAXHandler, userData: UnsafeMutableRawPointer,
                      encoding: String?, extraOptions: Int32 = 0, releasingPages: Bool = false,
                      onContext: (xmlParserCtxtPtr) -> Void = { _ in }) -> Outcome {
        guard let ctxt = xmlCreatePushParserCtxt(&handler, userData, nil, 0, nil) else {
            return Outcome(wellFormed: false, declaredEncoding: nil)
        }
        defer {
            // A DOCTYPE makes libxml2's SAX2 handlers build a document to hold the DTD (the entity
            // declarations), which freeing the context leaves behind: found by scripts/fuzz as a
            // leak on every feed with a DOCTYPE.
            if let document = ctxt.pointee.myDoc {
                xmlFreeDoc(document)
                ctxt.pointee.myDoc = nil
            }
            xmlFreeParserCtxt(ctxt)
        }
        var options = Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue
                            | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue) | extraOptions
        if let encoding, let encoder = xmlFindCharEncodingHandler(encoding) {
            options |= Int32(XML_PARSE_IGNORE_ENC.rawValue)
            xmlCtxtUseOptions(ctxt, options)
            xmlSwitchToEncoding(ctxt, encoder)
        } else {
            xmlCtxtUseOptions(ctxt, options)
        }
        onContext(ctxt)
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) else {
            xmlParseChunk(ctxt, nil, 0, 1)
            return Outcome(wellFormed: false, declaredEncoding: nil)
        }
        var offset = 0, released = 0
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        while offset < bytes.count {
            let length = min(chunkSize, bytes.count - offset)
            if xmlParseChunk(ctxt, base + offset, Int32(length), 0) != 0, ctxt.pointee.disableSAX != 0 { break }
            if ctxt.pointee.instate == XML_PARSER_EOF { break }
            offset += length
            if releasingPages, page > 0, offset / page * page - released >= 16 * chunkSize {
                let end = offset / page * page
                madvise(UnsafeMutableRawPointer(mutating: bytes.baseAddress! + released), end - released, MADV_DONTNEED)
                released = end
            }
        }
        xmlParseChunk(ctxt, nil, 0, 1)
        let declared = ctxt.pointee.encoding.map { String(cString: $0) }
        return Outcome(wellFormed: ctxt.pointee.wellFormed != 0, declaredEncoding: declared)
    }

    /// The characters of a libxml2 string range as a Swift string.
    static func string(_ start: UnsafePointer<xmlChar>, _ end: UnsafePointer<xmlChar>) -> String {
        String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
    }
}
