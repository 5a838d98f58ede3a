import Foundation
import HeraldComposition

extension Herald {
    private var downloadQueue: DownloadInteractor { services.downloads }

    /// The folder downloaded episodes go to (`download-path`), a folder per feed inside.
    public var downloadFolder: String { downloadQueue.policy.folder }

    /// The download queue: queued, finished and failed entries, oldest first.
    /// - Throws: ``HeraldError/download(_:)`` when the queue file cannot be read.
    public func downloads() throws(HeraldError) -> [EpisodeDownload] {
        do { return try downloadQueue.entries() } catch { throw .download(error) }
    }

    /// The queue's entries for one article's enclosures (what the article screens mark).
    public func downloads(of article: ArticleID) -> [EpisodeDownload] {
        downloadQueue.entries(of: article)
    }

    /// Queues every enclosure of an article for the next `herald download`.
    /// - Returns: The article's entries.
    /// - Throws: ``HeraldError/download(_:)`` when it has no enclosure or the queue cannot be written.
    @discardableResult
    public func queueDownloads(of article: ArticleID) async throws(HeraldError) -> [EpisodeDownload] {
        do { return try await downloadQueue.enqueue(article: article) } catch { throw .download(error) }
    }

    /// Removes entries from the queue (their files stay).
    /// - Returns: How many were removed.
    @discardableResult
    public func removeDownloads(_ selection: DownloadSelection) throws(HeraldError) -> Int {
        do { return try downloadQueue.remove(selection) } catch { throw .download(error) }
    }

    /// Turns on or off the queueing of a feed's new episodes (podboat's `download auto`).
    public func setQueuesEpisodes(_ isOn: Bool, forFeed id: FeedID) async throws(HeraldError) {
        do { try await downloadQueue.setQueuesEpisodes(isOn, for: id) } catch { throw .download(error) }
    }

    /// Queues the enclosures of articles stored since the last look, in feeds that queue new
    /// episodes by themselves. `herald refresh` and `herald download` call it.
    /// - Returns: The entries added.
    @discardableResult
    public func queueNewEpisodes() async throws(HeraldError) -> [EpisodeDownload] {
        do { return try await downloadQueue.queueNewEpisodes() } catch { throw .download(error) }
    }

    /// Downloads the queue: `download-parallel` at once, `download-per-host` per host, partial files
    /// resumed with `Range`; Ctrl-C (cancelling the task) keeps them for the next run.
    /// - Parameters:
    ///   - retryingFailed: Try the failed entries again too.
    ///   - events: Each step, for progress bars.
    /// - Throws: ``HeraldError/download(_:)`` when another run holds the queue or it cannot be read.
    public func runDownloads(retryingFailed: Bool = false,
                             events: @escaping @Sendable (DownloadEvent) -> Void = { _ in }) async throws(HeraldError)
        -> DownloadRunSummary {
        do { return try await downloadQueue.run(retryingFailed: retryingFailed, events: events) }
        catch { throw .download(error) }
    }
}
