import CLibXML2
import HeraldDomain

/// Entities and errors. libxml2 never substitutes entities itself here (no `XML_PARSE_NOENT`):
/// `getEntity` answers only the five predefined ones and expands the rest in Swift, bounded
/// by ``ParserLimits``; undefined HTML entities such as `&nbsp;` become their characters;
/// external entities are never loaded.
extension FeedReader {
    func entity(named pointer: UnsafePointer<xmlChar>) -> xmlEntityPtr? {
        guard let ctxt else { return nil }
        let inContent = ctxt.pointee.instate == XML_PARSER_CONTENT
        if let predefined = xmlGetPredefinedEntity(pointer) {
            // After a well-formedness error libxml2 drops entity references in content
            // (`if (!ctxt->wellFormed) return;` in xmlParseReference); keep them ourselves.
            if inContent, ctxt.pointee.wellFormed == 0, collectDepth >= 0, let content = predefined.pointee.content {
                if frames.count - 1 > collectDepth {
                    appendEscaped(UnsafeBufferPointer(start: content, count: Int(xmlStrlen(content))))
                } else {
                    text.append(contentsOf: UnsafeBufferPointer(start: content, count: Int(xmlStrlen(content))))
                }
            }
            return predefined
        }
        guard inContent, failure == nil else { return nil }
        let name = String(cString: pointer)
        if let value = declaredEntities[name] {
            guard let expanded = expand(value, entity: name, depth: 1) else { return nil }
            if collectDepth >= 0 { text.append(contentsOf: expanded.utf8) }
        } else if let scalar = PlainText.decodeEntity(named: name) {
            if collectDepth >= 0 { text.append(contentsOf: String(scalar).utf8) }
            if undefinedEntities.insert(name).inserted { warn("Undefined entity &\(name); read as its HTML meaning.") }
        } else if undefinedEntities.insert(name).inserted {
            warn("Undefined entity &\(TerminalSafety.sanitize(String(name.prefix(40))));, left out.")
        }
        return nil
    }

    /// Expands an internal entity's replacement text, refusing deep chains and large totals.
    private func expand(_ value: String, entity: String, depth: Int) -> String? {
        guard depth <= limits.maxEntityNesting else {
            fail(.unsafeDocument(reason: "entity '\(entity)' nests entities more than \(limits.maxEntityNesting) levels deep"))
            return nil
        }
        var out = ""
        var rest = Substring(value)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";") else { break }
            let name = String(rest[rest.index(after: amp)..<semicolon])
            if let nested = declaredEntities[name] {
                guard let expanded = expand(nested, entity: name, depth: depth + 1) else { return nil }
                out += expanded
            } else if let scalar = PlainText.decodeEntity(named: name) {
                out.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semicolon)...]
            guard entityExpansionBytes + out.utf8.count <= limits.maxEntityExpansionBytes else {
                fail(.unsafeDocument(reason: "entities expand to more than \(limits.maxEntityExpansionBytes) bytes"))
                return nil
            }
        }
        out += rest
        entityExpansionBytes += out.utf8.count
        guard entityExpansionBytes <= limits.maxEntityExpansionBytes else {
            fail(.unsafeDocument(reason: "entities expand to more than \(limits.maxEntityExpansionBytes) bytes"))
            return nil
        }
        return out
    }

    func declareEntity(_ pointer: UnsafePointer<xmlChar>, type: Int32, systemID: UnsafePointer<xmlChar>?,
                       content: UnsafeMutablePointer<xmlChar>?) {
        entityDeclarations += 1
        guard entityDeclarations <= limits.maxEntityDeclarations else {
            return fail(.unsafeDocument(reason: "more than \(limits.maxEntityDeclarations) entity declarations"))
        }
        let name = String(cString: pointer)
        switch UInt32(type) {
        case XML_INTERNAL_GENERAL_ENTITY.rawValue:
            if let content { declaredEntities[name] = String(cString: content) }
        case XML_EXTERNAL_GENERAL_PARSED_ENTITY.rawValue, XML_EXTERNAL_GENERAL_UNPARSED_ENTITY.rawValue:
            let target = systemID.map { String(cString: $0) } ?? "?"
            warn("External entity &\(name); (\(TerminalSafety.sanitize(String(target.prefix(80))))) was not loaded.")
        default:
            break
        }
    }

    func doctype(name: UnsafePointer<xmlChar>?, publicID: UnsafePointer<xmlChar>?, systemID: UnsafePointer<xmlChar>?) {
        let identifiers = [publicID, systemID].compactMap { $0.map { String(cString: $0).lowercased() } }
        if identifiers.contains(where: { $0.contains("netscape") }) { netscapeDoctype = true }
    }

    func parserError(_ error: xmlError) {
        switch error.code {
        case Int32(XML_ERR_UNDECLARED_ENTITY.rawValue), Int32(XML_WAR_UNDECLARED_ENTITY.rawValue):
            return
        case Int32(XML_ERR_NAME_REQUIRED.rawValue), Int32(XML_ERR_ENTITYREF_SEMICOL_MISSING.rawValue):
            restoreAmpersand()
            if !reportedBareAmpersand {
                reportedBareAmpersand = true
                warn("Line \(error.line): unescaped '&' kept as text.")
            }
            return
        case Int32(XML_ERR_TAG_NAME_MISMATCH.rawValue):
            mismatchedEndTag = error.str2.map { Array(String(cString: $0).utf8) + [0] }
        case Int32(XML_ERR_INVALID_CHAR.rawValue), Int32(XML_ERR_INVALID_ENCODING.rawValue):
            sawInvalidUTF8 = true
        default:
            break
        }
        let message = error.message.map { String(cString: $0).trimmingASCIIWhitespace() } ?? "error \(error.code)"
        warn("Line \(error.line): \(TerminalSafety.sanitize(message))")
    }

    /// Puts back the `&name` libxml2 consumed while rejecting a bare ampersand.
    private func restoreAmpersand() {
        guard collectDepth >= 0, let ctxt, ctxt.pointee.instate == XML_PARSER_CONTENT,
              let input = ctxt.pointee.input, let cur = input.pointee.cur, let base = input.pointee.base else { return }
        var start = cur
        while start > base, cur - start < 64 {
            start -= 1
            if start.pointee == UInt8(ascii: "&") {
                text.append(contentsOf: UnsafeBufferPointer(start: start, count: cur - start))
                return
            }
        }
    }
}
