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
            feedReader(ctx).startElement(localname, uri: uri, attributes: attributes, count: Int(attributeCount))
        }
        h.endElementNs = { ctx, localname, _, uri in
            guard let ctx, let localname else { return }
            feedReader(ctx).endElement(localname, uri: uri)
        }
        h.characters = { ctx, chars, length in
            guard let ctx, let chars else { return }
            feedReader(ctx).characters(chars, Int(length))
        }
        h.cdataBlock = h.characters
        h.getEntity = { ctx, name in
            guard let ctx, let name else { return nil }
            return feedReader(ctx).entity(named: name)
        }
        h.entityDecl = { ctx, name, type, _, systemID, content in
            guard let ctx, let name else { return }
            feedReader(ctx).declareEntity(name, type: type, systemID: systemID, content: content)
        }
        h.internalSubset = { ctx, name, externalID, systemID in
            guard let ctx else { return }
            feedReader(ctx).doctype(name: name, publicID: externalID, systemID: systemID)
        }
        h.serror = { ctx, error in
            guard let ctx, let error else { return }
            feedReader(ctx).parserError(error.pointee)
        }
        return h
    }
}

@inline(__always)
private func feedReader(_ ctx: UnsafeMutableRawPointer) -> FeedReader {
    Unmanaged<FeedReader>.fromOpaque(ctx).takeUnretainedValue()
}
