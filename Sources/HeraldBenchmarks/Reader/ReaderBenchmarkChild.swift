import Foundation
import Herald
import HeraldTerminal

/// The measured side of `herald-benchmarks reader`, run as a fresh child process
/// (`herald-benchmarks reader-child --db … --spawned-at …`): opens the cache through the real
/// composition (the `Herald` facade and a `ReaderSession` with the standard key map) on a
/// ``RecordingBackend``, sends the window size, waits for the loaded feeds screen, moves to the
/// large feed with `j`, opens it with Enter, then repeats `j`, Enter, `q` in its list. Prints one
/// `reader-result key=value …` line of milliseconds (lists comma-separated) and kB.
enum ReaderBenchmarkChild {
    /// The hidden sub-command.
    static let mode = "reader-child"
    /// The window the script opens.
    static let size = TerminalSize(width: 132, height: 40)

    /// Runs the child with the arguments after its mode; prints `reader-failed …` and exits 1 on a failure.
    static func run(_ arguments: [String]) async {
        let mainAt = MonotonicClock.nanoseconds()
        guard let options = ReaderChildArguments(arguments) else { fail("reader-child: bad arguments") }
        let started = options.spawnedAt
        let herald: Herald
        do {
            let scratch = URL(fileURLWithPath: options.database).deletingLastPathComponent().path
            herald = try await Herald.open(databasePath: options.database,
                                           environment: ["XDG_CONFIG_HOME": scratch + "/no-config"])
        } catch {
            fail("cannot open \(options.database): \(error.message)")
        }
        let openedAt = MonotonicClock.nanoseconds()
        let backend = RecordingBackend()
        let session = ReaderSession(herald: herald, backend: backend, router: Router(root: .feeds), keyMap: .standard,
                                    theme: Theme(usesColour: false), links: NoBrowser())
        let running = Task { await session.run() }
        var result = ReaderChildResult()
        result.values["spawn-to-main-ms"] = [MonotonicClock.milliseconds(from: started, to: mainAt)]
        result.values["engine-open-ms"] = [MonotonicClock.milliseconds(from: mainAt, to: openedAt)]

        let first = await backend.send(.resized(size), thenWaitFor: ReaderBenchmarkScreens.feedsLoaded)
        guard let feeds = first.seen else { fail("the feeds screen never loaded") }
        result.values["first-paint-ms"] = [MonotonicClock.milliseconds(from: started, to: feeds.at)]

        let script = ReaderBenchmarkScript(backend: backend, feedTitle: options.feedTitle,
                                           pause: .milliseconds(options.pauseMilliseconds))
        do {
            try await script.run(from: feeds.frame, repetitions: options.keys, into: &result)
        } catch {
            fail(error.readerMessage)
        }
        result.numbers["vmhwm-kb"] = ProcessMemory.kilobytes("VmHWM")
        result.numbers["vmrss-kb"] = ProcessMemory.kilobytes("VmRSS")
        result.numbers["frames-count"] = backend.frameCount
        backend.send(.key(.character("Q")))
        await running.value
        await herald.shutdown()
        print(result.line(prefix: "reader-result"))
    }

    /// Reports a failure on the result line and exits 1.
    private static func fail(_ message: String) -> Never {
        print("reader-failed \(message)")
        exit(1)
    }
}

/// Links are never opened by the script; the reader needs an opener anyway.
struct NoBrowser: LinkOpening {
    /// Refuses: no browser is started.
    func open(_ url: String) -> String? { "The benchmark opens no browser." }
}

/// The key presses of the Herald child, each timed from the moment it is sent to the first
/// frame that shows its result.
struct ReaderBenchmarkScript {
    /// The backend the reader presents to.
    let backend: RecordingBackend
    /// The title of the large feed.
    let feedTitle: String
    /// The wait after each repainted frame.
    let pause: Duration

    /// From the loaded feeds screen: `j` to the large feed, Enter, then `repetitions` times `j`,
    /// Enter, `q` in its list. Adds `feeds-j`, `open-feed`, `list-j`, `enter`, `back-q` to `result`.
    /// - Throws: ``ReaderBenchmarkFailure`` when an expected screen does not come.
    func run(from feeds: [StyledLine], repetitions: Int, into result: inout ReaderChildResult) async throws {
        var frame = feeds
        var rows = 0
        while !ReaderBenchmarkScreens.selects(frame, feed: feedTitle) {
            let previous = ReaderBenchmarkScreens.selected(frame) ?? ""
            frame = try await press(.character("j"), until: ReaderBenchmarkScreens.feedsMoved(from: previous),
                                    recordingIn: "feeds-j", of: &result)
            rows += 1
            guard rows < 5_000 else { throw ReaderBenchmarkFailure(message: "no row for \(feedTitle) on the feeds screen") }
        }
        frame = try await press(.enter, until: ReaderBenchmarkScreens.listLoaded(feedTitle),
                                recordingIn: "open-feed", of: &result)
        for _ in 0..<repetitions {
            let previous = ReaderBenchmarkScreens.selected(frame) ?? ""
            frame = try await press(.character("j"), until: ReaderBenchmarkScreens.listMoved(feedTitle, from: previous),
                                    recordingIn: "list-j", of: &result)
            _ = try await press(.enter, until: ReaderBenchmarkScreens.articleLoaded(feedTitle),
                                recordingIn: "enter", of: &result)
            frame = try await press(.character("q"), until: ReaderBenchmarkScreens.listLoaded(feedTitle),
                                    recordingIn: "back-q", of: &result)
        }
    }

    /// Sends a key, waits for the frame showing its result, records the milliseconds, pauses.
    private func press(_ key: Key, until accepts: @escaping @Sendable ([StyledLine]) -> Bool,
                       recordingIn name: String, of result: inout ReaderChildResult) async throws -> [StyledLine] {
        let (sentAt, seen) = await backend.send(.key(key), thenWaitFor: accepts)
        guard let seen else {
            throw ReaderBenchmarkFailure(message: "no frame showed the result of \(key.name) (\(name)) within 60 s")
        }
        result.values[name, default: []].append(MonotonicClock.milliseconds(from: sentAt, to: seen.at))
        try? await Task.sleep(for: pause)
        return seen.frame
    }
}
