import HeraldDomain

/// Which URLs a sanitised web page may carry (the sanitiser's half of ``LinkSafety``, which needs
/// this target's URL resolution).
enum WebURLPolicy {
    /// `raw` (an `href`, `src` or `cite` value, entities already decoded) as the absolute URL a
    /// sanitised page may carry, or nil when it must not carry it.
    ///
    /// Every control character (C0, DEL, C1) is removed first: browsers drop tabs and line breaks
    /// anywhere in a URL and leading controls (`&#14;javascript:`), so removing them all means the
    /// scheme checked is the scheme a browser would read, or a harmless one. The URL is then
    /// resolved against `base` and kept only when its scheme is one of `schemes` (lower case),
    /// written as is; `http` and `https` URLs must also name a host (`https://host…`), since
    /// `http:/path` would be resolved by a browser against the page that shows it. A relative
    /// reference without a base has no scheme and is refused. The result is its own fixed point.
    static func webURL(_ raw: String, base: String?, schemes: Set<String>) -> String? {
        let cleaned = withoutControls(raw).trimmingASCIIWhitespace()
        guard !cleaned.isEmpty else { return nil }
        let resolved = withoutControls(URLResolver.resolve(cleaned, against: base)).trimmingASCIIWhitespace()
        guard let scheme = strictScheme(of: resolved), schemes.contains(scheme) else { return nil }
        let rest = resolved.utf8.dropFirst(scheme.utf8.count + 1)
        if scheme == "http" || scheme == "https" {
            guard rest.starts(with: "//".utf8), let host = rest.dropFirst(2).first,
                  host != UInt8(ascii: "/"), host != UInt8(ascii: "\\"), host != UInt8(ascii: "?"),
                  host != UInt8(ascii: "#") else { return nil }
        } else if rest.isEmpty {
            return nil
        }
        return resolved
    }

    /// The scheme of an already cleaned absolute URL (a letter, then letters, digits, `+`, `-`,
    /// `.`, then `:`), lower-cased; nil for anything else.
    private static func strictScheme(of url: String) -> String? {
        var scheme = ""
        for unit in url.utf8 {
            switch unit {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                scheme.unicodeScalars.append(Unicode.Scalar(unit | 0x20))
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                guard !scheme.isEmpty else { return nil }
                scheme.unicodeScalars.append(Unicode.Scalar(unit))
            case UInt8(ascii: ":"):
                return scheme.isEmpty ? nil : scheme
            default:
                return nil
            }
        }
        return nil
    }

    /// `s` without C0 controls, DEL and C1 controls.
    private static func withoutControls(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: LinkSafety.isControl) else { return s }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: s.unicodeScalars.lazy.filter { !LinkSafety.isControl($0) })
        return String(out)
    }

}
