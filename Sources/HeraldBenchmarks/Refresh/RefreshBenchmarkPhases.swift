import Foundation
import HeraldDomain
import HeraldParsing
import HeraldStore

/// Where the CPU time of a cold refresh goes, each phase timed alone on one core with no
/// network: generating the documents (the server's share), parsing them with
/// `LibXMLFeedParser`, and storing them with `SQLiteStore.saveFetchedFeed`, one feed after another,
/// then `finishSaving()` as a refresh does.
enum RefreshBenchmarkPhases {
    static func measure(feeds: Int, items: Int, in folder: URL) async throws(RefreshBenchmarkFailure) {
        var start = ContinuousClock.now
        let documents = (0..<feeds).map { Data(RefreshBenchmarkDocument.rss(feed: $0, items: items).utf8) }
        let generating = RefreshBenchmarkReport.seconds(ContinuousClock.now - start)
        let bytes = documents.reduce(0) { $0 + $1.count }

        let parser = LibXMLFeedParser()
        var parsed: [ParsedFeed] = []
        start = ContinuousClock.now
        for (feed, document) in documents.enumerated() {
            do {
                parsed.append(try parser.parseFeed(document, documentURL: "https://news\(feed).example.com/feed.xml",
                                                   transportCharset: "utf-8"))
            } catch {
                throw RefreshBenchmarkFailure(message: "feed \(feed) did not parse: \(error)")
            }
        }
        let parsing = RefreshBenchmarkReport.seconds(ContinuousClock.now - start)
        guard parsed.allSatisfy({ $0.items.count == items }) else {
            throw RefreshBenchmarkFailure(message: "a generated feed did not parse to \(items) items")
        }

        var storing = 0.0
        var storingCPU = 0.0
        do {
            let store = try SQLiteStore(path: folder.appendingPathComponent("phases.db").path)
            var ids: [FeedID] = []
            for feed in 0..<feeds {
                ids.append(try await store.addFeed(NewFeed(url: "https://news\(feed).example.com/feed.xml"), at: Date()).feed.id)
            }
            start = ContinuousClock.now
            let cpuBefore = RefreshBenchmarkReport.processorSeconds()
            for (feed, id) in zip(parsed, ids) {
                _ = try await store.saveFetchedFeed(feed, fetchState: FetchState(), for: id, at: Date())
            }
            // As a refresh does when its last feed is saved: index what the saves deferred.
            try await store.finishSaving()
            storing = RefreshBenchmarkReport.seconds(ContinuousClock.now - start)
            storingCPU = RefreshBenchmarkReport.processorSeconds() - cpuBefore
        } catch {
            throw RefreshBenchmarkFailure(message: "storing the parsed feeds failed: \(error.message)")
        }

        let raw = RefreshBenchmarkSQLiteCost.measure(parsed, in: folder)
        let articles = Double(feeds * items)
        print("\n== Phases of a cold refresh, each alone on one core, no network (\(feeds) feeds, "
              + "\(RefreshBenchmarkReport.mebibytes(bytes)) of RSS) ==")
        RefreshBenchmarkReport.line("generate documents (server)", RefreshBenchmarkReport.format(generating))
        RefreshBenchmarkReport.line("parse (LibXMLFeedParser)", RefreshBenchmarkReport.format(parsing)
            + String(format: "  %.1f MiB/s, %.2f ms per feed", Double(bytes) / 1_048_576 / parsing, parsing * 1000 / Double(feeds)))
        RefreshBenchmarkReport.line("store (saves + finishSaving)", RefreshBenchmarkReport.format(storing)
            + String(format: "  %.0f articles/s, %.2f ms per feed", articles / storing, storing * 1000 / Double(feeds))
            + String(format: "; CPU %.3f s (user+system, all threads)", storingCPU))
        RefreshBenchmarkReport.line("  raw SQLite, same rows", "no FTS \(RefreshBenchmarkReport.format(raw.plain)), "
            + "with FTS5 \(RefreshBenchmarkReport.format(raw.indexed))"
            + String(format: " = %.0f%% of the store's time (the rest: Herald's per-item lookup, extra columns and triggers, GRDB, Swift-side text work)", raw.indexed / storing * 100))
    }
}
