/// What a run of the download queue reports as it goes, for progress bars.
public enum DownloadEvent: Sendable, Hashable {
    /// A download began (or resumed at `from` bytes); `total` when the size is known.
    case started(EpisodeDownload, from: Int64, total: Int64?)
    /// Bytes arrived: `written` so far (the total came with ``started(_:from:total:)``).
    case progressed(url: String, written: Int64)
    /// The file is complete at its path.
    case finished(EpisodeDownload)
    /// The download failed; the entry is marked failed (or stays queued when interrupted).
    case failed(EpisodeDownload, DownloadError)
}

/// What one run of the queue did.
public struct DownloadRunSummary: Sendable, Hashable {
    /// Files completed.
    public var finished: Int
    /// Downloads that failed.
    public var failed: Int
    /// Bytes received in this run.
    public var bytesReceived: Int64

    /// Creates a summary.
    public init(finished: Int = 0, failed: Int = 0, bytesReceived: Int64 = 0) {
        self.finished = finished
        self.failed = failed
        self.bytesReceived = bytesReceived
    }
}
