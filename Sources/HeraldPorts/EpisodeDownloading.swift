import Foundation
import HeraldDomain

/// The download queue as kept on this machine (a JSON file in Herald's data folder).
public protocol DownloadQueueStoring: Sendable {
    /// Where the queue is kept, for messages.
    var location: String { get }
    /// The queue as it is now (empty when nothing was ever queued).
    func load() throws(DownloadError) -> DownloadQueue
    /// Changes the queue under a lock, so two processes changing it at once both land.
    /// - Returns: The queue as written.
    @discardableResult
    func update(_ change: (inout DownloadQueue) -> Void) throws(DownloadError) -> DownloadQueue
    /// Takes the lock that lets one run of the queue download at a time.
    /// - Returns: A value whose ``DownloadRunLease/release()`` ends the run.
    /// - Throws: ``DownloadError/alreadyRunning(queuePath:)`` when another run holds it.
    func beginRun() throws(DownloadError) -> any DownloadRunLease
}

/// The one-run-at-a-time lock of a download queue.
public protocol DownloadRunLease: Sendable {
    /// Ends the run; another may begin.
    func release()
}

/// One transfer: an enclosure to a partial file, resumed where it stopped.
public struct EnclosureTransfer: Sendable, Hashable {
    /// The enclosure's URL.
    public var url: String
    /// The partial file written to (appended to when resuming).
    public var partialPath: String
    /// Where the partial file is moved once complete.
    public var finalPath: String
    /// The validator of the partial file, sent as `If-Range`.
    public var validator: String?
    /// The largest file accepted.
    public var maxBytes: Int64
    /// Whether every host on the way (redirects included) must be on a public address.
    public var refusesPrivateAddresses: Bool

    /// Creates a transfer.
    public init(url: String, partialPath: String, finalPath: String, validator: String?, maxBytes: Int64,
                refusesPrivateAddresses: Bool = false) {
        self.refusesPrivateAddresses = refusesPrivateAddresses
        self.url = url
        self.partialPath = partialPath
        self.finalPath = finalPath
        self.validator = validator
        self.maxBytes = maxBytes
    }
}

/// How far a transfer got, reported as it goes.
public enum TransferProgress: Sendable, Hashable {
    /// The response began: the bytes already on disk that it continues, the total when known and
    /// the validator to keep for a later resume.
    case began(resumedFrom: Int64, total: Int64?, validator: String?)
    /// Bytes on disk so far.
    case wrote(Int64)
}

/// Downloads enclosures to files: per-host limits, `Range` resume, size limits.
public protocol EnclosureDownloading: Sendable {
    /// Downloads into `transfer.partialPath`, resuming from its current size, and moves the
    /// complete file to `transfer.finalPath` (replacing a file there).
    /// - Returns: The file's size once complete.
    /// - Throws: ``DownloadError``; the partial file is left for a resume.
    func download(_ transfer: EnclosureTransfer,
                  progress: @escaping @Sendable (TransferProgress) -> Void) async throws(DownloadError) -> Int64
    /// Whether a file, or the partial file of one, is already at `path` (a name a new entry must not take).
    func occupies(_ path: String) -> Bool
}
