import Foundation

/// One line of the refresh log, as ``JSONLinesLogHandler`` wrote it.
public struct RefreshLogRecord: Sendable, Hashable {
    /// Every field of the line: `time`, `level`, `message`, `run`, `holder`, `feed`, `title`,
    /// `reason`, `ms` and the totals of a finished run.
    public var fields: [String: String]

    /// The level (`info`, `notice`, `warning`, `error`).
    public var level: String { fields["level"] ?? "info" }
    /// What happened (`refresh started`, `stored`, `skipped`, `failed`, `refresh finished`…).
    public var message: String { fields["message"] ?? "" }
    /// The run the line belongs to.
    public var run: String? { fields["run"] }
    /// Whether the line reports a problem: a warning (a failed or skipped feed) or an error.
    public var isProblem: Bool { ["warning", "error", "critical"].contains(level) }
}

/// The refresh log as a person reads it with `herald log`: the records of the last run, found in
/// the log file and the one rotated before it.
public struct RefreshLog: Sendable {
    /// The log file.
    public let path: String

    /// The log at `path`.
    public init(path: String) {
        self.path = path
    }

    /// How the log names the database at `location` (a file or a `postgres://` URL, as configured):
    /// its path, or its URL without a password.
    public static func databaseName(_ location: String) -> String {
        StoreLocation(location).displayName
    }

    /// The records of the last refresh run that started, oldest first; empty when the log has none.
    /// - Parameter database: Only a run of this database (as ``StoreLocation`` names it); runs
    ///   logged before records named their database count for any. Nil: the last run of any.
    public func lastRun(of database: String? = nil) -> [RefreshLogRecord] {
        let records = read(path + ".1") + read(path)
        guard let start = records.lastIndex(where: { record in
                  record.message == "refresh started" && record.run != nil
                      && (database == nil || record.fields["database"].map { $0 == database } ?? true)
              }),
              let run = records[start].run else { return [] }
        return records[start...].filter { $0.run == run }
    }

    private func read(_ file: String) -> [RefreshLogRecord] {
        guard let data = FileManager.default.contents(atPath: file) else { return [] }
        var records: [RefreshLogRecord] = []
        let decoder = JSONDecoder()
        for line in data.split(separator: UInt8(ascii: "\n")) {
            guard let fields = try? decoder.decode([String: String].self, from: Data(line)) else { continue }
            records.append(RefreshLogRecord(fields: fields))
        }
        return records
    }
}
