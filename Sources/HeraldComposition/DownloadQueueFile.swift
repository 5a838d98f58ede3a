import Foundation
import HeraldDomain
import HeraldPorts

/// The download queue as a JSON file (beside a SQLite database, or in Herald's data folder): read and written
/// whole under an `flock` on `FILE.lock`, replaced atomically (a temporary file renamed over it),
/// so a crash leaves the old queue or the new one, never half of one. A run of the queue holds
/// a second lock, `FILE.run`, so two `herald download` never fetch the same file at once.
public final class DownloadQueueFile: DownloadQueueStoring {
    /// The queue file's path.
    public let location: String

    /// Creates the store of the queue at `path` (created on first write).
    public init(path: String) {
        location = path
    }

    /// Reads the queue; a missing file is an empty queue.
    public func load() throws(DownloadError) -> DownloadQueue {
        try withLock { () throws(DownloadError) in try read() }
    }

    /// Changes and writes the queue under the lock.
    @discardableResult
    public func update(_ change: (inout DownloadQueue) -> Void) throws(DownloadError) -> DownloadQueue {
        try withLock { () throws(DownloadError) in
            var queue = try read()
            let before = queue
            change(&queue)
            if queue != before { try write(queue) }
            return queue
        }
    }

    /// Takes the run lock without waiting.
    public func beginRun() throws(DownloadError) -> any DownloadRunLease {
        let descriptor = try openLock(location + ".run")
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            close(descriptor)
            throw .alreadyRunning(queuePath: location)
        }
        return FileLease(descriptor: descriptor)
    }

    private func read() throws(DownloadError) -> DownloadQueue {
        guard let data = FileManager.default.contents(atPath: location) else {
            if FileManager.default.fileExists(atPath: location) {
                throw .queueUnavailable(path: location, reason: "it cannot be read; check its permissions")
            }
            return DownloadQueue()
        }
        do {
            return try Self.decoder.decode(DownloadQueue.self, from: data)
        } catch {
            throw .queueUnavailable(path: location, reason: "it is not a queue Herald wrote (\(error.localizedDescription)); move it away to start a new one")
        }
    }

    private func write(_ queue: DownloadQueue) throws(DownloadError) {
        let temporary = location + ".new"
        let data: Data
        do {
            data = try Self.encoder.encode(queue)
        } catch {
            throw .queueUnavailable(path: location, reason: "it cannot be encoded (\(error.localizedDescription))")
        }
        // Written and synced before it replaces the queue: a crash leaves the old queue or the new
        // one, never an empty file.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw .queueUnavailable(path: location, reason: String(cString: strerror(errno))) }
        let complete = data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 { if errno == EINTR { continue } else { return false } }
                offset += count
            }
            return fsync(descriptor) == 0
        }
        close(descriptor)
        guard complete else {
            unlink(temporary)
            throw .queueUnavailable(path: location, reason: "it cannot be written (\(String(cString: strerror(errno)))); check the disk")
        }
        if rename(temporary, location) != 0 {
            throw .queueUnavailable(path: location, reason: String(cString: strerror(errno)))
        }
    }

    private func withLock<T>(_ body: () throws(DownloadError) -> T) throws(DownloadError) -> T {
        let descriptor = try openLock(location + ".lock")
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            if errno != EINTR { throw .queueUnavailable(path: location, reason: String(cString: strerror(errno))) }
        }
        return try body()
    }

    private func openLock(_ path: String) throws(DownloadError) -> Int32 {
        let folder = (location as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if descriptor < 0 {
            throw .queueUnavailable(path: location, reason: String(cString: strerror(errno)))
        }
        return descriptor
    }

    /// Dates as seconds since 1970 with their fractions: the feeds' marks compare exactly with
    /// the store's first-seen times.
    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}

/// A held run lock; released once.
private final class FileLease: DownloadRunLease, @unchecked Sendable {
    private let lock = NSLock()
    private var descriptor: Int32?

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    func release() {
        lock.withLock {
            guard let descriptor else { return }
            flock(descriptor, LOCK_UN)
            close(descriptor)
            self.descriptor = nil
        }
    }

    deinit { release() }
}
