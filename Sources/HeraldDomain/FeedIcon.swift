#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A feed's small picture, as sync clients show it beside the feed's name: the image the feed
/// declares (Atom `icon`, JSON Feed `favicon`, RSS `<image>`), else its site's `/favicon.ico`.
/// Only raster images are kept (PNG, GIF, JPEG, ICO, WebP, recognised by their first bytes, not by
/// what the server says): an SVG can carry script.
public struct FeedIcon: Sendable, Hashable {
    /// The feed it belongs to; also the icon's id in the sync APIs.
    public var feedID: FeedID
    /// The image's type, read from its bytes (`image/png`).
    public var mimeType: String
    /// The image.
    public var data: Data
    /// Where it was fetched from.
    public var url: String
    /// When it was fetched.
    public var fetchedAt: Date

    /// The largest icon kept, in bytes.
    public static let maxBytes = 256 * 1024

    /// An icon of `data`, or nil when the bytes are not a raster image Herald keeps or are too large.
    public init?(feedID: FeedID, data: Data, url: String, fetchedAt: Date) {
        guard data.count <= Self.maxBytes, let mimeType = Self.mimeType(of: data) else { return nil }
        self.init(feedID: feedID, mimeType: mimeType, data: data, url: url, fetchedAt: fetchedAt)
    }

    /// An icon as stored.
    public init(feedID: FeedID, mimeType: String, data: Data, url: String, fetchedAt: Date) {
        self.feedID = feedID
        self.mimeType = mimeType
        self.data = data
        self.url = url
        self.fetchedAt = fetchedAt
    }

    /// The image type of `data` by its signature, or nil for anything else (SVG, HTML, text).
    public static func mimeType(of data: Data) -> String? {
        let head = [UInt8](data.prefix(12))
        func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "image/gif" }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts([0x00, 0x00, 0x01, 0x00]) && head.count >= 6 && (head[4] != 0 || head[5] != 0) { return "image/x-icon" }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
        return nil
    }

    /// The icon as a data URI's payload without `data:` (`image/png;base64,iVBOR…`): the form
    /// Miniflux's and Fever's APIs send.
    public var base64Payload: String {
        mimeType + ";base64," + data.base64EncodedString()
    }
}
