import Foundation
import Logging
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Appends lines to a log file shared by every Herald process of a person, bounded in size: when a
/// line would take the file past `maximumBytes`, it becomes `<path>.1` (the older `.1` becomes `.2`,
/// the one before is deleted) and a new file starts, so the log never holds more than three files.
/// Each line is one `write` on a file opened with `O_APPEND`, so lines of several processes never
/// mix; a process that finds the file rotated by another reopens it.
public final class LogFileWriter: Sendable {
    /// The log file.
    public let path: String
    /// The size at which the file is rotated.
    public let maximumBytes: Int
    private let state = Mutex<(descriptor: Int32, inode: UInt64)>((-1, 0))

    /// A writer of `path`, rotated at `maximumBytes` (1 MiB by default). The folder is created on
    /// the first line.
    public init(path: String, maximumBytes: Int = 1 << 20) {
        self.path = path
        self.maximumBytes = max(4096, maximumBytes)
    }

    deinit {
        state.withLock { if $0.descriptor >= 0 { close($0.descriptor) } }
    }

    /// Appends `line` (a newline is added); a failure to write is dropped: a log never stops a refresh.
    public func append(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        state.withLock { state in
            if state.descriptor >= 0, Self.inode(of: path) != state.inode {
                close(state.descriptor)
                state.descriptor = -1
            }
            if state.descriptor >= 0 {
                var info = stat()
                if fstat(state.descriptor, &info) == 0, Int(info.st_size) + bytes.count > maximumBytes {
                    close(state.descriptor)
                    state.descriptor = -1
                    rename(path + ".1", path + ".2")
                    rename(path, path + ".1")
                }
            }
            if state.descriptor < 0 {
                let folder = (path as NSString).deletingLastPathComponent
                try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                state.descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
                guard state.descriptor >= 0 else { return }
                var info = stat()
                state.inode = fstat(state.descriptor, &info) == 0 ? UInt64(info.st_ino) : 0
            }
            _ = bytes.withUnsafeBytes { write(state.descriptor, $0.baseAddress, $0.count) }
        }
    }

    private static func inode(of path: String) -> UInt64? {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }
}

/// A swift-log handler writing one JSON object per line to a ``LogFileWriter``: `time`, `level`,
/// `message` and the metadata (the refresh's `run`, `feed`, `reason`, `ms`…).
public struct JSONLinesLogHandler: LogHandler {
    private let writer: LogFileWriter
    /// The lowest level written.
    public var logLevel: Logger.Level = .info
    /// Metadata added to every line.
    public var metadata: Logger.Metadata = [:]

    /// A handler writing to `writer`.
    public init(writer: LogFileWriter) {
        self.writer = writer
    }

    /// The metadata value of `key`.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes one record as a JSON line.
    public func log(event: LogEvent) {
        var fields: [String: String] = [:]
        for (key, value) in metadata { fields[key] = "\(value)" }
        for (key, value) in event.metadata ?? [:] { fields[key] = "\(value)" }
        fields["time"] = Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true))
        fields["level"] = event.level.rawValue
        fields["message"] = "\(event.message)"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(fields), let line = String(data: data, encoding: .utf8) else { return }
        writer.append(line)
    }
}
