import CLibXML2
import HeraldDomain

extension FeedReader {
    // MARK: - Names, scope and URLs

    /// What an interned element or attribute name is: from the cache slot of its address, else the
    /// dictionary, else classified once.
    func name(_ pointer: UnsafePointer<xmlChar>) -> Name {
        let key = UnsafeRawPointer(pointer)
        let bits = UInt(bitPattern: key)
        let slot = nameCache + Int((bits ^ bits >> 7) & UInt(Self.nameCacheSize - 1))
        if slot.pointee.key == key { return slot.pointee.name }
        let value: Name
        if let cached = names[key] {
            value = cached
        } else {
            value = Name.of(local: String(cString: pointer))
            names[key] = value
        }
        slot.pointee = NameCacheSlot(key: key, name: value)
        return value
    }

    func namespace(_ pointer: UnsafePointer<xmlChar>?) -> Namespace {
        guard let pointer else { return .none }
        let key = UnsafeRawPointer(pointer)
        if let cached = namespaces[key] { return cached }
        let value = Namespace.of(uri: String(cString: pointer))
        namespaces[key] = value
        return value
    }

    func scopeAttributes(_ attrs: Attributes, frame: inout Frame) {
        guard attrs.count > 0 else { return }
        // Only prefixed attributes can be xml:base or xml:lang; most attributes have no prefix.
        for index in 0..<attrs.count where attrs.prefix(at: index) != nil && namespace(attrs.uri(at: index)) == .xml {
            let value = attrs.value(at: index)
            switch name(attrs.localname(at: index)) {
            case .base:
                bases.append(URLResolver.resolve(value, against: currentBase))
                frame.pushedBase = true
            case .lang:
                languages.append(LanguageTag.normalized(value))
                frame.pushedLang = true
            default: break
            }
        }
    }

    /// The base for relative references: xml:base in scope, else the feed's link, else the document URL.
    var currentBase: String? { bases.last ?? siteBase ?? documentURL }

    /// The in-scope `xml:lang`, else the feed's language.
    var currentLanguage: String? { languages.last ?? feed.language }

    func resolve(_ reference: String) -> String {
        URLResolver.resolve(reference, against: currentBase)
    }
}

/// One entry of ``FeedReader``'s name cache: an interned name pointer and what it names.
struct NameCacheSlot {
    /// The interned `xmlChar` pointer, or nil for an empty slot.
    var key: UnsafeRawPointer?
    /// The classified name.
    var name: Name
}

extension FeedReader {
    /// Slots in the name cache (a power of two; feeds use a few dozen names).
    static let nameCacheSize = 128
}
