import Foundation
import GRDBSQLite
import Testing

extension CLISuite {
    /// `herald doctor` on a sound and on a damaged database.
    @Suite("Doctor")
    struct DoctorTests {
        @Test("a damaged database: doctor names the damage and exits 1; --repair rebuilds it, keeps the damaged file, and every command works again")
        func damagedDatabase() async throws {
            let sandbox = try Sandbox()
            let demo = try await sandbox.herald(["demo", "--db", sandbox.database])
            #expect(demo.succeeded, "\(demo.summary)")
            let sound = try await sandbox.herald(db: "doctor")
            #expect(sound.succeeded && sound.stdout.contains("The database is sound: 6 feeds, 39 articles."), "\(sound.summary)")

            // Garbage over the leaf pages of the articles' texts and of the search index, found
            // with `dbstat` (the WAL was folded in when herald closed the file): table pages only,
            // wherever the page size puts them. A damaged leaf of the list of tables
            // (`sqlite_schema`) would leave nothing to rebuild from (Docs/cli.md says so).
            let (pageSize, pages) = try Self.leafPages(of: ["article_texts", "articles_fts_data"], in: sandbox.database)
            #expect(pages.count >= 5, "the demo's texts fill several pages: \(pages)")
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: sandbox.database))
            for page in pages {
                try handle.seek(toOffset: UInt64((page - 1) * pageSize))
                handle.write(Data(repeating: 0xAB, count: pageSize))
            }
            try handle.close()

            let checked = try await sandbox.herald(db: "doctor")
            #expect(!checked.succeeded && checked.stderr.contains("The database is damaged"), "\(checked.summary)")
            #expect(checked.stderr.contains("herald doctor --repair"))

            let repaired = try await sandbox.herald(db: "doctor", "--repair")
            #expect(repaired.succeeded, "\(repaired.summary)")
            #expect(repaired.stdout.contains("Rebuilt from what could be read: 6 feeds"), "\(repaired.summary)")
            let kept = try FileManager.default.contentsOfDirectory(atPath: sandbox.path("work"))
                .filter { $0.hasPrefix("herald.db.damaged-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
            #expect(kept.count == 1, "the damaged file is kept: \(kept)")

            let again = try await sandbox.herald(db: "doctor")
            #expect(again.succeeded && again.stdout.contains("The database is sound: 6 feeds"), "\(again.summary)")
            let listed = try await sandbox.herald(db: "list", "--limit", "100")
            #expect(listed.succeeded, "\(listed.summary)")
            let searched = try await sandbox.herald(db: "search", "Herald")
            #expect(searched.succeeded, "\(searched.summary)")
        }

        /// The page size of the database file at `path` and the numbers of the leaf pages of `tables`.
        static func leafPages(of tables: [String], in path: String) throws -> (pageSize: Int, pages: [Int]) {
            var handle: OpaquePointer?
            guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let database = handle else {
                sqlite3_close(handle)
                throw CLIFailureForTests("cannot open \(path)")
            }
            defer { sqlite3_close(database) }
            func integers(_ sql: String) throws -> [Int] {
                var statement: OpaquePointer?
                guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK else {
                    throw CLIFailureForTests("\(sql): \(String(cString: sqlite3_errmsg(database)))")
                }
                defer { sqlite3_finalize(statement) }
                var values: [Int] = []
                while sqlite3_step(statement) == SQLITE_ROW { values.append(Int(sqlite3_column_int64(statement, 0))) }
                return values
            }
            let names = tables.map { "'\($0)'" }.joined(separator: ", ")
            let pages = try integers("SELECT pageno FROM dbstat WHERE name IN (\(names)) AND pagetype = 'leaf' ORDER BY pageno")
            return (try integers("PRAGMA page_size").first ?? 4_096, pages)
        }
    }
}
