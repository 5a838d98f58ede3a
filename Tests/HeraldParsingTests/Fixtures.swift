import Foundation
import HeraldDomain
import HeraldParsing

/// Finds files under the package's `Fixtures/` folder by walking up from this source file.
enum Fixtures {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url.appendingPathComponent("Fixtures")
            }
            url.deleteLastPathComponent()
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    static func data(_ path: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent(path))
    }

    /// Parses `Fixtures/feeds/<name>` with the default parser.
    static func feed(_ name: String, documentURL: String? = nil, charset: String? = nil) throws -> ParsedFeed {
        try LibXMLFeedParser().parseFeed(data("feeds/" + name), documentURL: documentURL, transportCharset: charset)
    }

    /// The error parsing `Fixtures/feeds/<name>` throws, if any.
    static func error(_ name: String) throws -> FeedParseError? {
        let bytes = try data("feeds/" + name)
        do {
            _ = try LibXMLFeedParser().parseFeed(bytes, documentURL: nil, transportCharset: nil)
            return nil
        } catch {
            return error
        }
    }

    /// An RFC 3339 rendering used to compare dates in expectations.
    static func iso(_ date: Date?) -> String? {
        guard let date else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
