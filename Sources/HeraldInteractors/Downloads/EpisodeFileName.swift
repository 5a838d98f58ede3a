/// The file and folder names of downloaded episodes: taken from the enclosure's URL and the feed's
/// title, made safe for a file system (no `/`, no control character, no leading dot, bounded length).
enum EpisodeFileName {
    /// Extensions for media types whose URLs often carry none.
    private static let extensions: [String: String] = [
        "audio/mpeg": "mp3", "audio/mp3": "mp3", "audio/mp4": "m4a", "audio/x-m4a": "m4a", "audio/aac": "aac",
        "audio/ogg": "ogg", "audio/opus": "opus", "audio/flac": "flac", "audio/wav": "wav",
        "video/mp4": "mp4", "video/webm": "webm", "video/quicktime": "mov", "application/pdf": "pdf",
    ]

    /// A folder name for a feed.
    static func folder(forFeedTitle title: String) -> String {
        let name = safe(title)
        return name.isEmpty ? "feed" : name
    }

    /// A file name for an enclosure: its URL's last path segment, else `episode-ID`, with an
    /// extension from the media type when the segment has none.
    static func file(for url: String, type: String?, article: String) -> String {
        var path = Substring(url)
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        if let scheme = path.firstRange(of: "://") { path = path[scheme.upperBound...] }
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        let last = segments.count > 1 ? String(segments[segments.count - 1]) : ""
        var name = safe(String(last).removingPercentEncodingSafely)
        if name.isEmpty { name = "episode-\(article)" }
        if !name.contains("."), let type, let ext = extensions[type.lowercased()] { name += "." + ext }
        return name
    }

    /// `name` with " (2)", " (3)"… before its extension, the first path `isTaken` refuses not.
    static func unique(_ name: String, in folder: String, isTaken: (String) -> Bool) -> String {
        if !isTaken(folder + "/" + name) { return folder + "/" + name }
        let stem: Substring
        let ext: Substring
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            stem = name[..<dot]
            ext = name[dot...]
        } else {
            stem = Substring(name)
            ext = ""
        }
        var number = 2
        while isTaken("\(folder)/\(stem) (\(number))\(ext)") { number += 1 }
        return "\(folder)/\(stem) (\(number))\(ext)"
    }

    /// The text with path separators and control characters replaced, leading dots, dashes and
    /// spaces dropped, at most 200 bytes of UTF-8.
    static func safe(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0..<0x20, 0x7F, 0x80..<0xA0: continue
            case 0x2F, 0x5C: out.unicodeScalars.append("-")
            default: out.unicodeScalars.append(scalar)
            }
        }
        // No hidden file, and no name a shell command would take for an option.
        let trimmed = out.drop { $0 == "." || $0 == " " || $0 == "-" }
        // File systems count bytes (255 at most, `.part` and " (2)" to add): at most 200, whole characters.
        var bounded = ""
        var bytes = 0
        for character in trimmed {
            bytes += character.utf8.count
            if bytes > 200 { break }
            bounded.append(character)
        }
        return bounded.trimmingTrailingSpaces
    }
}

extension String {
    /// The text with `%XX` escapes decoded when they form UTF-8, else unchanged.
    fileprivate var removingPercentEncodingSafely: String {
        guard contains("%") else { return self }
        var bytes: [UInt8] = []
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), let high = utf8.index(index, offsetBy: 1, limitedBy: utf8.endIndex),
               high < utf8.endIndex, let low = utf8.index(index, offsetBy: 2, limitedBy: utf8.endIndex), low < utf8.endIndex,
               let value = UInt8(String(decoding: [utf8[high], utf8[low]], as: UTF8.self), radix: 16) {
                bytes.append(value)
                index = utf8.index(after: low)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? self
    }

    fileprivate var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " || text.last == "." { text.removeLast() }
        return text
    }
}
