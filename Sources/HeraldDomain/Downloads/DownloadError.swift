/// Why a download, or a change to the queue, failed; each message says what the user can do.
public enum DownloadError: Error, Sendable, Hashable {
    /// The article has no enclosure to download.
    case noEnclosure(ArticleID)
    /// Another `herald download` is running on the same queue.
    case alreadyRunning(queuePath: String)
    /// The queue file cannot be read or written.
    case queueUnavailable(path: String, reason: String)
    /// The server answered with an error status.
    case httpStatus(Int)
    /// The file is larger than `download-max-size`.
    case tooLarge(limit: Int64)
    /// The connection failed or stalled.
    case transport(String)
    /// The file cannot be written (a full disk, a folder without permission).
    case file(path: String, reason: String)
    /// The URL is not one Herald downloads (`http`, `https` or `file`).
    case invalidURL(String)
    /// The download was interrupted (Ctrl-C); the partial file is kept for the next run.
    case cancelled
    /// The article or feed could not be read from the store.
    case store(String)
    /// The enclosure's host (or a redirect's) is on a non-public address and its feed is elsewhere.
    case privateAddress(host: String)

    /// A sentence for the user.
    public var message: String {
        switch self {
        case .noEnclosure(let id): "Article \(id) has no enclosure to download."
        case .alreadyRunning(let path):
            "Another `herald download` is using the queue \(path); wait for it to end."
        case let .queueUnavailable(path, reason): "Cannot use the download queue \(path): \(reason)."
        case .httpStatus(let status): "The server answered HTTP \(status)."
        case .tooLarge(let limit): "The file is larger than download-max-size (\(limit) bytes); raise it in the config file to download it."
        case .transport(let reason): "The transfer failed: \(reason); the next `herald download` resumes it."
        case let .file(path, reason): "Cannot write \(path): \(reason); check the disk and download-path."
        case .invalidURL(let url): "\(url) is not an http, https or file URL."
        case .cancelled: "Interrupted; the next `herald download` resumes where it stopped."
        case .store(let reason): "Cannot read the article: \(reason)."
        case .privateAddress(let host):
            "\(host) is on a private network address, which an enclosure from a feed elsewhere may not reach; set full-text-private-addresses = allow to permit it."
        }
    }
}
