import CLibXML2
import HeraldDomain

extension FeedReader {
    // MARK: - Names, scope and URLs

    func name(_ pointer: UnsafePointer<xmlChar>) -> Name {
        let key = UnsafeRawPointer(pointer)
        if let cached = names[key] { return cached }
        let value = Name.of(local: String(cString: pointer))
        names[key] = value
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
                languages.append(value)
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
