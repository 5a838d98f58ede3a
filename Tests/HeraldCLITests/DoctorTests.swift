import Foundation
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

            // Garbage over the fourth fifth of the file (the WAL was folded in when herald closed it):
            // table pages only. The list of tables (`sqlite_schema`) has leaves among the first
            // half's pages, written as the migrations ran; a damaged one leaves nothing to rebuild
            // from (Docs/cli.md says so).
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: sandbox.database))
            let size = try handle.seekToEnd()
            try handle.seek(toOffset: size * 3 / 5)
            handle.write(Data(repeating: 0xAB, count: Int(size / 5)))
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
    }
}
