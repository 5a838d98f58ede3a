#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One enclosure in the download queue (podboat's job): where it comes from, where it goes and how
/// far it got. The queue lives on this machine beside its files, not in the store (Docs/decisions.md, D53).
public struct EpisodeDownload: Sendable, Hashable, Codable, Identifiable {
    /// The enclosure's URL, which identifies the entry.
    public var url: String
    /// The article the enclosure belongs to.
    public var articleID: ArticleID
    /// The article's feed.
    public var feedID: FeedID
    /// The feed's title when the entry was queued (the folder's name).
    public var feedTitle: String
    /// The article's title when the entry was queued.
    public var title: String
    /// The media type the feed gave, if any.
    public var type: String?
    /// Where the finished file goes; the partial file is this path with `.part` appended.
    public var path: String
    /// Where the entry is.
    public var state: DownloadState
    /// Bytes on disk so far (the whole file once finished).
    public var bytesWritten: Int64
    /// The full size, from the server or the feed, when known.
    public var totalBytes: Int64?
    /// The server's `ETag` (else `Last-Modified`) for the partial file, sent as `If-Range` on resume
    /// so a file changed on the server is downloaded again from the start.
    public var validator: String?
    /// When it was queued.
    public var queuedAt: Date
    /// Whether the transfer refuses non-public addresses: an enclosure on another host than its
    /// feed's, unless the config allows them (the rule of full-text pages, `PageAddressRule`).
    public var refusesPrivateAddresses: Bool

    /// Creates an entry.
    public init(url: String, articleID: ArticleID, feedID: FeedID, feedTitle: String, title: String,
                type: String? = nil, path: String, state: DownloadState = .queued, bytesWritten: Int64 = 0,
                totalBytes: Int64? = nil, validator: String? = nil, queuedAt: Date, refusesPrivateAddresses: Bool = true) {
        self.refusesPrivateAddresses = refusesPrivateAddresses
        self.url = url
        self.articleID = articleID
        self.feedID = feedID
        self.feedTitle = feedTitle
        self.title = title
        self.type = type
        self.path = path
        self.state = state
        self.bytesWritten = bytesWritten
        self.totalBytes = totalBytes
        self.validator = validator
        self.queuedAt = queuedAt
    }

    /// The entry's identity: its URL.
    public var id: String { url }

    /// The partial file of an unfinished download.
    public var partialPath: String { path + ".part" }
}

/// Where a queued enclosure is.
public enum DownloadState: Sendable, Hashable, Codable {
    /// Waiting for `herald download` (possibly with a partial file to resume).
    case queued
    /// Downloaded to its path.
    case finished(at: Date)
    /// The last attempt failed; `herald download --retry` tries again.
    case failed(reason: String)

    /// A short word for lists: `queued`, `downloaded` or `failed`.
    public var word: String {
        switch self {
        case .queued: "queued"
        case .finished: "downloaded"
        case .failed: "failed"
        }
    }
}
