#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The download queue as it is kept: its entries in queue order, and how far each feed that
/// downloads new episodes by itself (`herald download auto FEED on`) has been looked at.
public struct DownloadQueue: Sendable, Hashable, Codable {
    /// The entries, oldest first; finished and failed ones stay until removed.
    public var entries: [EpisodeDownload]
    /// Per feed that queues new episodes by itself: the first-seen time of the newest article
    /// already considered, so an episode the user removed from the queue is not queued again.
    public var autoQueuedThrough: [FeedID: Date]

    /// Creates a queue.
    public init(entries: [EpisodeDownload] = [], autoQueuedThrough: [FeedID: Date] = [:]) {
        self.entries = entries
        self.autoQueuedThrough = autoQueuedThrough
    }

    /// The entry for an enclosure URL.
    public func entry(for url: String) -> EpisodeDownload? { entries.first { $0.url == url } }
}
