import Foundation
import HeraldComposition
import HeraldInteractors
import HeraldDomain
import HeraldPostgres
import HeraldStore

/// `herald-benchmarks migrate [--articles N] [--postgres URL]`: builds a SQLite cache of N generated
/// articles over 1,000 feeds as the store benchmark does (a title of 8 words and a body of 40), marks
/// a third read and stars and tags some, then times ``StoreMigration`` from it into a new schema of
/// the PostgreSQL database at URL (default `$HERALD_TEST_POSTGRES_URL`, see `scripts/postgres`),
/// and from there into a new SQLite file. The schema is left in the database, named in the output.
enum MigrationBenchmark {
    /// Runs the benchmark on `articles` articles against the PostgreSQL database at `postgres`
    /// (else `$HERALD_TEST_POSTGRES_URL`); exits 2 without one, 1 on a failure.
    static func run(articles: Int, postgres: String?) async {
        guard let url = postgres ?? ProcessInfo.processInfo.environment["HERALD_TEST_POSTGRES_URL"], !url.isEmpty
        else {
            progress("needs --postgres URL or HERALD_TEST_POSTGRES_URL (scripts/postgres start)")
            exit(2)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-migrate-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try await measure(articles: articles, postgresURL: url, in: folder)
        } catch {
            let message = (error as? StoreError)?.message ?? (error as? StoreMigrationError)?.message ?? String(describing: error)
            progress("failed: \(message)")
            exit(1)
        }
    }

    private static func measure(articles: Int, postgresURL: String, in folder: URL) async throws {
        let sourcePath = folder.appendingPathComponent("source.db").path
        let source = try SQLiteStore(path: sourcePath)
        var corpus = StoreBenchmarkCorpus()
        var build = StoreBenchmarkBuild(store: source, path: sourcePath, feedCount: StoreBenchmark.feedCount, savesInFlight: 4)
        let feeds = try await build.fill(articles: articles, corpus: &corpus)
        for (index, feed) in feeds.enumerated() where index % 3 == 0 {
            _ = try await source.markAllRead(in: ArticleFilter(scope: .feed(feed)))
        }
        var tagged: [ArticleID] = []
        for archived in try await source.archivedArticles(after: nil, limit: 1_000) where archived.article.id.rawValue % 10 == 0 {
            tagged.append(archived.article.id)
            try await source.setTags(["later"], forArticle: archived.article.id)
        }
        try await source.setStarred(true, for: tagged)
        let counts = try await source.archiveCounts()
        print("Herald migration benchmark: \(counts.articles) articles (\(counts.read) read, \(counts.starred) starred, "
              + "\(counts.taggedArticles) tagged) over \(counts.feeds) feeds")

        let schema = "bench_migrate_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(8).lowercased()
        let postgres = try await PostgresStore.open(url: postgresURL + (postgresURL.contains("?") ? "&" : "?") + "schema=\(schema)")
        let toPostgres = try await timed(StoreMigration(source: source, destination: postgres), counts: counts)
        print("SQLite → PostgreSQL: \(format(toPostgres)) s, \(Int(Double(counts.articles) / toPostgres)) articles/s (schema \(schema), left in the database)")

        let back = try SQLiteStore(path: folder.appendingPathComponent("back.db").path)
        let toSQLite = try await timed(StoreMigration(source: postgres, destination: back), counts: counts)
        print("PostgreSQL → SQLite: \(format(toSQLite)) s, \(Int(Double(counts.articles) / toSQLite)) articles/s")
        await postgres.close()
    }

    /// Runs a migration; its seconds.
    private static func timed(_ migration: StoreMigration, counts: ArchiveCounts) async throws -> Double {
        let started = ContinuousClock.now
        let report = try await migration.run { step in
            if step.stage == .articles, step.articlesCopied % 100_000 < migration.pageSize {
                progress("\(step.articlesCopied) of \(step.articlesTotal) articles")
            }
        }
        let elapsed = ContinuousClock.now - started
        guard report.counts == counts else { throw StoreMigrationError.countsDiffer([]) }
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    private static func format(_ seconds: Double) -> String { String(format: "%.1f", seconds) }

    private static func progress(_ message: String) {
        FileHandle.standardError.write(Data("[migration benchmark] \(message)\n".utf8))
    }
}
