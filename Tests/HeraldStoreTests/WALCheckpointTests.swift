import Foundation
import GRDB
import HeraldDomain
import HeraldTestSupport
import Testing
@testable import HeraldStore

/// The store checkpoints its WAL itself (`WALCheckpointer`): the file must stay bounded and every
/// committed article must reach the database file.
@Suite("WAL checkpoints")
struct WALCheckpointTests {
    private func walBytes(_ folder: TemporaryFolder) -> Int {
        let attributes = try? FileManager.default.attributesOfItem(atPath: folder.databasePath + "-wal")
        return (attributes?[.size] as? NSNumber)?.intValue ?? 0
    }

    @Test func theWALStaysBoundedAndEverythingReachesTheDatabase() async throws {
        let folder = try TemporaryFolder()
        // Background checkpoints every 16 pages, the writer's own past 64 (512 KiB of a new file's
        // 8 KiB pages).
        let store = try SQLiteStore(path: folder.databasePath, indexingBatch: 100_000, walPages: (16, 64))
        let feed = try await store.addFeed(NewFeed(url: "https://big.example.org/feed"), at: StoreFixtures.epoch).feed
        let body = "<p>" + String(repeating: "checkpoint words fill pages ", count: 40) + "</p>"
        var largestWAL = 0
        for round in 0..<40 {
            let items = (0..<25).map { StoreFixtures.item("r\(round)-\($0)", title: "Round \(round) item \($0)", body: body) }
            try await StoreFixtures.save(items, to: feed.id, in: store)
            largestWAL = max(largestWAL, walBytes(folder))
        }
        try await store.finishSaving()
        // About 4 MB were written in 40 transactions; without checkpoints the WAL would hold them all.
        #expect(largestWAL < 1_500_000, "WAL reached \(largestWAL) bytes")
        #expect(try await store.statistics().articles == 1_000)
        #expect(try await store.search(SearchRequest(query: "checkpoint")).hits.count == 20)

        // A fresh connection that ignores the WAL sees every article in the database file.
        _ = try await store.writer.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        let copy = folder.url.appendingPathComponent("copy.db").path
        try FileManager.default.copyItem(atPath: folder.databasePath, toPath: copy)
        let reader = try DatabaseQueue(path: copy)
        #expect(try await reader.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM articles") } == 1_000)
        try reader.close()
    }

    @Test func backgroundCheckpointsCopyPagesIntoTheDatabaseFile() async throws {
        let folder = try TemporaryFolder()
        // Background checkpoints every 32 pages; the writer never checkpoints itself.
        let store = try SQLiteStore(path: folder.databasePath, indexingBatch: 100_000, walPages: (32, 1_000_000))
        let feed = try await store.addFeed(NewFeed(url: "https://big.example.org/feed"), at: StoreFixtures.epoch).feed
        let initialBytes = databaseFileBytes(folder)
        let body = "<p>" + String(repeating: "background checkpoint words ", count: 40) + "</p>"
        for round in 0..<20 {
            let items = (0..<25).map { StoreFixtures.item("r\(round)-\($0)", title: "Round \(round) item \($0)", body: body) }
            try await StoreFixtures.save(items, to: feed.id, in: store)
        }
        store.checkpointer?.waitForBackgroundCheckpoints()
        // Only a checkpoint writes the database file while the store is open; the writer made none.
        #expect(databaseFileBytes(folder) > initialBytes + 500_000,
                "the database file stayed at \(databaseFileBytes(folder)) bytes (\(initialBytes) at first)")
    }

    @Test func closingTheStoreCheckpointsAndDeletesTheWALAfterBackgroundCheckpoints() async throws {
        let folder = try TemporaryFolder()
        do {
            let store = try SQLiteStore(path: folder.databasePath, indexingBatch: 100_000, walPages: (32, 1_000_000))
            let feed = try await store.addFeed(NewFeed(url: "https://big.example.org/feed"), at: StoreFixtures.epoch).feed
            let body = "<p>" + String(repeating: "closing words ", count: 80) + "</p>"
            for round in 0..<20 {
                let items = (0..<25).map { StoreFixtures.item("r\(round)-\($0)", title: "Round \(round) item \($0)", body: body) }
                try await StoreFixtures.save(items, to: feed.id, in: store)
            }
            try await store.finishSaving()
            store.checkpointer?.waitForBackgroundCheckpoints()
        }
        // The background connection read the database; it must not keep the last close from
        // checkpointing: the WAL is gone and the database file alone holds every article.
        #expect(!FileManager.default.fileExists(atPath: folder.databasePath + "-wal"))
        let reader = try DatabaseQueue(path: folder.databasePath)
        #expect(try await reader.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM articles") } == 500)
        try reader.close()
    }

    private func databaseFileBytes(_ folder: TemporaryFolder) -> Int {
        let attributes = try? FileManager.default.attributesOfItem(atPath: folder.databasePath)
        return (attributes?[.size] as? NSNumber)?.intValue ?? 0
    }
}
