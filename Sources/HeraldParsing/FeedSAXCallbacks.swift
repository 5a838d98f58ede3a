import CLibXML2

/// The libxml2 SAX2 handler of the feed reader: non-capturing C callbacks that forward to the
/// ``FeedReader`` passed as user data. Element and namespace names arrive as interned
/// `xmlChar` pointers and are classified by pointer, so no String is made per event.
enum FeedSAXCallbacks {
    /// A SAX2 handler wired to ``FeedReader``.
    static func handler() -> xmlSAXHandler {
        var h = xmlSAXHandler()
        h.initialized = UInt32(XML_SAX2_MAGIC)
        h.startElementNs = { ctx, localname, _, uri, _, _, attributeCount, _, attributes in
            guard let ctx, let localname else { return }
            withReader(ctx) { $0.startElement(localname, uri: uri, attributes: attributes, count: Int(attributeCount)) }
        }
        h.endElementNs = { ctx, localname, _, uri in
            guard let ctx, let localname else { return }
            withReader(ctx) { $0.endElement(localname, uri: uri) }
        }
        h.characters = { ctx, chars, length in
            guard let ctx, let chars else { return }
            withReader(ctx) { $0.characters(chars, Int(length)) }
        }
        h.cdataBlock = h.characters
        h.getEntity = { ctx, name in
            guard let ctx, let name else { return nil }
            return withReader(ctx) { $0.entity(named: name) }
        }
        h.entityDecl = { ctx, name, type, _, systemID, content in
            guard let ctx, let name else { return }
            withReader(ctx) { $0.declareEntity(name, type: type, systemID: systemID, content: content) }
        }
        h.internalSubset = { ctx, name, externalID, systemID in
            guard let ctx else { return }
            withReader(ctx) { $0.doctype(name: name, publicID: externalID, systemID: systemID) }
        }
        h.serror = { ctx, error in
            guard let ctx, let error else { return }
            withReader(ctx) { $0.parserError(error.pointee) }
        }
        return h
    }
}

/// Calls `body` with the reader behind `ctx` without retaining it (the parse call keeps it
/// alive); a retain and release per SAX event would cost more than the event itself.
@inline(__always)
private func withReader<T>(_ ctx: UnsafeMutableRawPointer, _ body: (FeedReader) -> T) -> T {
    Unmanaged<FeedReader>.fromOpaque(ctx)._withUnsafeGuaranteedRef(body)
}
