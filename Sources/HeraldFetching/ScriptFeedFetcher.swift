import Foundation
import HeraldDomain
import HeraldPorts

/// Fetches script sources (``ScriptSource``) and hands every other URL to the fetcher it wraps.
/// `exec:COMMAND` runs the command and takes its standard output as the feed; `filter:COMMAND:URL`
/// fetches URL through the wrapped fetcher (with its politeness and validators: an unchanged
/// document stays "not modified") and pipes the document through the command. A command runs
/// without a shell, with a clean environment, a time limit and the feed size limit on its output;
/// a command that is missing, exits with a failure status, runs too long or prints too much is a
/// ``FetchError/scriptFailed(command:reason:)`` (or ``FetchError/tooLarge(limit:)``), a feed error
/// like a failing server's, with the end of what it wrote to standard error.
public struct ScriptFeedFetcher: FeedFetching {
    private let wrapped: any FeedFetching
    private let runner: CommandRunner
    private let maxOutputBytes: Int
    private let runsCommands: Bool

    /// Creates the fetcher.
    /// - Parameters:
    ///   - wrapped: Fetches everything that is not a script source, and `filter:` sources' URLs.
    ///   - timeLimit: How long a command may run before it is stopped with its children.
    ///   - maxOutputBytes: The most a command may print (the feed size limit).
    ///   - runsCommands: False on a database other people share (PostgreSQL): a command stored by
    ///     one person must not run in another's refresh, so script sources fail there with a
    ///     message saying why.
    public init(wrapping wrapped: any FeedFetching, timeLimit: Duration, maxOutputBytes: Int, runsCommands: Bool) {
        self.wrapped = wrapped
        self.runner = CommandRunner(timeLimit: timeLimit)
        self.maxOutputBytes = maxOutputBytes
        self.runsCommands = runsCommands
    }

    /// Fetches one feed; see ``FeedFetching/fetch(_:)``.
    public func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        guard ScriptSource.isScript(request.url) else { return try await wrapped.fetch(request) }
        let source: ScriptSource
        do {
            source = try ScriptSource(parsing: request.url)
        } catch {
            throw .scriptFailed(command: request.url, reason: "cannot be read: \(error.message)")
        }
        let shown = "`\(source.command[0])`"
        guard runsCommands else {
            throw .scriptFailed(command: shown, reason: "was not run: commands run only from a SQLite database of this machine, never from a shared one")
        }
        if Task.isCancelled { throw .cancelled }
        switch source {
        case .exec(let command):
            let output = try await run(command, input: nil, environment: [:])
            return FetchResponse(finalURL: request.url, outcome: .content(output, contentType: nil, charset: nil))
        case let .filter(command, url):
            var inner = request
            inner.url = url
            let fetched = try await wrapped.fetch(inner)
            guard case let .content(document, contentType, charset) = fetched.outcome else {
                return FetchResponse(finalURL: request.url, outcome: .notModified, etag: fetched.etag,
                                     lastModified: fetched.lastModified, maxAge: fetched.maxAge, expires: fetched.expires)
            }
            var environment = ["HERALD_FEED_URL": fetched.finalURL]
            if let contentType { environment["HERALD_CONTENT_TYPE"] = contentType }
            if let charset { environment["HERALD_CHARSET"] = charset }
            let output = try await run(command, input: document, environment: environment)
            return FetchResponse(finalURL: request.url, outcome: .content(output, contentType: nil, charset: nil),
                                 etag: fetched.etag, lastModified: fetched.lastModified,
                                 maxAge: fetched.maxAge, expires: fetched.expires)
        }
    }

    /// Runs the command and returns its output, or the error that says why there is none.
    private func run(_ command: [String], input: Data?, environment: [String: String]) async throws(FetchError) -> Data {
        var words = command
        words[0] = Self.expandingHome(words[0])
        let shown = "`\(command[0])`"
        let capture = await runner.capture(words, environment: environment, input: input, outputLimit: maxOutputBytes)
        if capture.outputOverflowed { throw .tooLarge(limit: maxOutputBytes) }
        switch capture.outcome {
        case .exited(0):
            return capture.output
        case .exited(let status):
            throw .scriptFailed(command: shown, reason: "exited with status \(status)" + Self.excerpt(capture.errorTail))
        case .killed(let seconds):
            throw .scriptFailed(command: shown, reason: "ran past its \(Int(seconds)) s limit (fetch-timeout) and was stopped")
        case .notStarted(let reason):
            if Task.isCancelled { throw .cancelled }
            throw .scriptFailed(command: shown, reason: "did not start: " + reason)
        }
    }

    /// The last non-empty line of standard error, quoted, for the feed's error.
    private static func excerpt(_ errorTail: String) -> String {
        let lines = errorTail.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let last = lines.last(where: { !$0.isEmpty }) else { return "" }
        return " (\"\(last.prefix(200))\")"
    }

    /// `~/…` as a path in the home folder: newsboat's `urls` files write scripts that way.
    static func expandingHome(_ program: String) -> String {
        guard program.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] else { return program }
        return home + program.dropFirst()
    }
}
