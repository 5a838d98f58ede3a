import Foundation
import HeraldDomain

/// How the content of an Atom 0.3 text construct is encoded (its `mode` attribute).
enum ContentMode: Equatable {
    /// Text or escaped markup, read as it is.
    case plain
    /// Inline XML (Atom 0.3's default): child elements are markup, not text to show raw.
    case xml
    /// Base64 of a document of the given media type.
    case base64(type: String?)
}

extension FeedReader {
    /// The text of the leaf being closed: Atom 0.3 `mode="base64"` decoded, and `mode="xml"`
    /// with child elements read as XHTML (otherwise its serialised tags would show as text).
    func finishedLeafText() -> String {
        var raw = String(decoding: text, as: UTF8.self)
        if WindowsPunctuation.isNeeded(in: text) { raw = WindowsPunctuation.repaired(raw) }
        switch leafMode {
        case .plain:
            return raw
        case .xml:
            if leafHasChildren, leafType == .text { leafType = .xhtml }
            return raw
        case .base64(let type):
            return decodedBase64(raw, type: type)
        }
    }

    private func decodedBase64(_ raw: String, type: String?) -> String {
        let media = type?.lowercased().trimmingASCIIWhitespace() ?? "text/plain"
        let isText = media.isEmpty || media.hasPrefix("text/") || ["text", "html", "xhtml"].contains(media) || media.contains("xml")
        guard isText else {
            warn("Base64 content of type \(TerminalSafety.sanitize(String(media.prefix(40)))) is not text; left out.")
            return ""
        }
        guard let data = Data(base64Encoded: raw, options: .ignoreUnknownCharacters) else {
            warn("Base64 content could not be decoded; left out.")
            return ""
        }
        return String(decoding: data, as: UTF8.self)
    }
}
