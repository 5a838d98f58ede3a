import Foundation

/// `herald-benchmarks reader [--articles N] [--feeds N] [--keys N] [--runs R] [--pause-ms P]
/// [--cache FOLDER]`: the reader's speed (issue 10) on a generated cache, built once per size with
/// the store benchmark's corpus (feed 0 holds 10,000 articles) and kept in a scratch folder. Each
/// run starts two fresh child processes of this executable: the bare-SQLite baseline
/// (``ReaderBenchmarkBaseline``), then Herald's reader on a recording backend
/// (``ReaderBenchmarkChild``); both measure from their own process start. Prints each figure with
/// its baseline, the ratio and the goal.
enum ReaderBenchmark {
    /// Runs the benchmark with `options`; exits 1 on a failure.
    static func run(_ options: ReaderBenchmarkOptions) async {
        do {
            let cache = try await ReaderBenchmarkCache.prepare(options)
            cache.resetReadState()
            print("""
                Herald reader benchmark: \(options.runs) run(s), each a bare-SQLite child then a Herald child, \
                \(options.keys) × (j, Enter, q) in the large feed, \(options.pauseMilliseconds) ms after each repaint
                machine: \(RefreshBenchmarkReport.machine())
                \(cache.describe())
                """)
            var baselines: [ReaderChildResult] = []
            var readers: [ReaderChildResult] = []
            for run in 1...options.runs {
                if run > 1 { cache.resetReadState() }
                progress("run \(run) of \(options.runs): bare SQLite")
                baselines.append(try await ReaderBenchmarkSpawn.child(ReaderBenchmarkBaseline.mode, prefix: "baseline-result",
                                                                      options: options, database: cache.path))
                progress("run \(run) of \(options.runs): Herald's reader")
                readers.append(try await ReaderBenchmarkSpawn.child(ReaderBenchmarkChild.mode, prefix: "reader-result",
                                                                    options: options, database: cache.path))
                ReaderBenchmarkReport.printRun(run, reader: readers[run - 1], baseline: baselines[run - 1])
            }
            cache.resetReadState()
            ReaderBenchmarkReport.printSummary(readers: readers, baselines: baselines)
        } catch {
            print("FAILED (no figure from this run is valid): \(error.readerMessage)")
            exit(1)
        }
    }

    /// A progress note on standard error (not part of the figures).
    private static func progress(_ message: String) {
        fflush(nil)
        FileHandle.standardError.write(Data("[reader benchmark] \(message)\n".utf8))
    }
}
