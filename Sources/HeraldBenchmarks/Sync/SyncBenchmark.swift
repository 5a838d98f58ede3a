import Foundation
import Herald
import HeraldDomain
import HeraldStore
import HeraldSync
import Hummingbird

/// `herald-benchmarks sync`: the sync APIs' requests on the reader benchmark's cache (1M articles
/// over 1,000 feeds by default) with 100,000 unread, answered in process by `SyncAPI` (the
/// routing, sign-in, use cases and JSON, without the socket), beside the store's own queries for
/// the same data, measured in the same run. Issue 21's goals are printed with each figure.
enum SyncBenchmark {
    /// Runs the benchmark on the cache of `options` with its newest `unreadTarget` articles unread;
    /// exits 1 on a failure.
    static func run(_ options: ReaderBenchmarkOptions, unreadTarget: Int) async {
        do {
            let cache = try await ReaderBenchmarkCache.prepare(options)
            let store = try SQLiteStore(path: cache.path)
            // The cache's read state is put back at the end (the reader benchmark starts from it).
            let unreadBefore = try await store.articleIDs(ArticleIDRequest(filter: ArticleFilter(unreadOnly: true)))
            _ = try await store.markAllRead(in: ArticleFilter())
            let unread = try await store.articleIDs(ArticleIDRequest(ascending: false, limit: unreadTarget))
            for chunk in stride(from: 0, to: unread.count, by: 10_000) {
                try await store.setRead(false, for: Array(unread[chunk..<min(unread.count, chunk + 10_000)]))
            }
            let home = NSTemporaryDirectory() + "herald-sync-bench-\(UUID().uuidString)"
            let herald = try await Herald.open(databasePath: cache.path,
                                               environment: ["HOME": home, "XDG_CONFIG_HOME": home, "XDG_STATE_HOME": home])
            try await herald.setPassword("benchmark password", for: "bench")
            let token = try await herald.createToken(for: "bench", label: "benchmark").token
            let bench = SyncBenchmarkRun(api: SyncAPI(herald: herald), store: store, token: token,
                                         feverKey: md5Hex("bench:benchmark password"))
            print("Sync APIs: \(options.articles) articles over \(options.feeds) feeds, \(unread.count) unread; "
                  + "SyncAPI in process vs the store's own queries; times in ms")
            print("")
            try await bench.measureAll()
            for revoked in try await herald.tokens(of: "bench") { _ = try await herald.revokeToken(revoked.id, of: "bench") }
            _ = try await store.markAllRead(in: ArticleFilter())
            for chunk in stride(from: 0, to: unreadBefore.count, by: 10_000) {
                try await store.setRead(false, for: Array(unreadBefore[chunk..<min(unreadBefore.count, chunk + 10_000)]))
            }
            await herald.shutdown()
        } catch {
            print("herald-benchmarks sync failed: \(error)")
            exit(1)
        }
    }

    /// md5 in hex, from the system's `md5sum` (the benchmark target does not link swift-crypto).
    static func md5Hex(_ text: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/md5sum")
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try? process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try? input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(String(decoding: data, as: UTF8.self).prefix(32))
    }
}
