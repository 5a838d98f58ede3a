import Foundation
import HeraldTestSupport
import Testing

extension CLISuite {
    /// Where the database lives (--db, HERALD_DB, the config file, XDG_DATA_HOME) and clear errors for
    /// unusable databases and bad configuration.
    @Suite("Database location and configuration")
    struct DatabaseAndConfigTests {
        @Test("without --db the database is $XDG_DATA_HOME/herald/herald.db, created on first use")
        func defaultLocation() async throws {
            let sandbox = try Sandbox()
            let result = try await sandbox.herald(["stats"])
            #expect(result.succeeded, "\(result.summary)")
            let expected = sandbox.path("data/herald/herald.db")
            #expect(result.stdout.hasPrefix("Database:  \(expected)\n"))
            #expect(FileManager.default.fileExists(atPath: expected))
            #expect(!FileManager.default.fileExists(atPath: sandbox.path("home/.local/share/herald")))
        }

        @Test("--db wins over HERALD_DB, which wins over the config file's database")
        func precedence() async throws {
            let sandbox = try Sandbox()
            try sandbox.write(Data("# my settings\ndatabase = ~/news/config.db\n".utf8), to: "config/herald/config")
            let fromConfig = try await sandbox.herald(["stats"])
            #expect(fromConfig.stdout.hasPrefix("Database:  \(sandbox.path("home/news/config.db"))\n"), "\(fromConfig.summary)")
            let environment = ["HERALD_DB": sandbox.path("work/env.db")]
            let fromEnvironment = try await sandbox.herald(["stats"], environment: environment)
            #expect(fromEnvironment.stdout.hasPrefix("Database:  \(sandbox.path("work/env.db"))\n"))
            let fromFlag = try await sandbox.herald(["stats", "--db", sandbox.database], environment: environment)
            #expect(fromFlag.stdout.hasPrefix("Database:  \(sandbox.database)\n"))
        }

        @Test("a bad config value exits 1 naming the file, the line and the key")
        func badConfigValue() async throws {
            let sandbox = try Sandbox()
            let path = try sandbox.write(Data("# herald settings\nrefresh-concurrency = 8\n\nkeep-days = soon\n".utf8),
                                         to: "config/herald/config")
            let result = try await sandbox.herald(db: "stats")
            #expect(result.exitedNormally && result.status == 1, "\(result.summary)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr == "herald: \(path):4: `keep-days` needs a whole number above 0, found `soon`.\n")
        }

        @Test("HERALD_CONFIG chooses the config file; an unknown key is an error naming its line")
        func explicitConfigFile() async throws {
            let sandbox = try Sandbox()
            let path = try sandbox.write(Data("user-agent = Tester/1.0\nrefresh-every = 5m\n".utf8), to: "work/alt.conf")
            let result = try await sandbox.herald(db: "list", environment: ["HERALD_CONFIG": path])
            #expect(result.status == 1, "\(result.summary)")
            #expect(result.stderr.contains("\(path):2: unknown setting `refresh-every`"))
        }

        @Test("the config file's settings reach the engine: user-agent is what the server sees")
        func userAgentSetting() async throws {
            let sandbox = try Sandbox()
            try sandbox.write(Data("user-agent = HarbourReader/2.0 (+https://harbour.example.net/bot)\n".utf8),
                              to: "config/herald/config")
            let userAgent = try await withServer { (server) async throws in
                server.route("/gazette.xml", .feed(NewsFeed.harbour))
                let added = try await sandbox.herald(db: "add", server.url("/gazette.xml"))
                guard added.succeeded else { throw CLIFailure(added) }
                return server.lastRequest(for: "/gazette.xml")?.header("User-Agent")
            }
            #expect(userAgent == "HarbourReader/2.0 (+https://harbour.example.net/bot)")
        }

        @Test("--db inside a path whose parent is a file is a clear error, exit 1")
        func databaseUnderAFile() async throws {
            let sandbox = try Sandbox()
            let blocker = try sandbox.write(Data("not a folder".utf8), to: "work/blocker")
            let result = try await sandbox.herald(["list", "--db", blocker + "/herald.db"])
            #expect(result.exitedNormally && result.status == 1, "\(result.summary)")
            #expect(result.stderr.hasPrefix("herald: "))
            #expect(result.stderr.contains(blocker + "/herald.db"))
            #expect(!result.stderr.contains("SQLITE_"), "no raw SQLite codes")
        }

        @Test("--db in a folder that does not exist (a mistyped path) is refused, and nothing is created there; a new file in a folder that exists is said to be new")
        func databaseInAMissingFolder() async throws {
            let sandbox = try Sandbox()
            let folder = sandbox.path("work/typo")
            for command in [["list"], ["add", "https://example.invalid/feed.xml"], ["refresh"], ["worker", "--once"]] {
                let result = try await sandbox.herald(command + ["--db", folder + "/herald.db"])
                #expect(result.exitedNormally && result.status == 1, "\(result.summary)")
                #expect(result.stderr == "herald: No folder \(folder) for the database \(folder)/herald.db. Check the path, "
                        + "or create the folder first (mkdir -p \(folder)).\n", "\(result.summary)")
            }
            #expect(!FileManager.default.fileExists(atPath: folder))
            // A mistyped PostgreSQL URL is a SQLite path to Herald: refused the same way.
            let typo = try await sandbox.herald(["list", "--db", "postgress://me@127.0.0.1/news"])
            #expect(typo.status == 1 && typo.stderr.hasPrefix("herald: No folder "), "\(typo.summary)")
            // In a folder that exists, a new database is made as before, and a command that only
            // reads says so (a mistyped name must not pass for an empty database); the next does not.
            let first = try await sandbox.herald(["list", "--db", sandbox.path("work/new.db")])
            #expect(first.succeeded)
            #expect(first.stderr.contains("herald: There was no database at \(sandbox.path("work/new.db")); this is a new, empty one."),
                    "\(first.summary)")
            #expect(FileManager.default.fileExists(atPath: sandbox.path("work/new.db")))
            let second = try await sandbox.herald(["list", "--db", sandbox.path("work/new.db")])
            #expect(second.succeeded && !second.stderr.contains("There was no database"), "\(second.summary)")
            // A command that starts databases says nothing of it.
            let added = try await sandbox.herald(["import", "-", "--db", sandbox.path("work/other.db")],
                                                 stdin: Data("https://news.example/feed.xml\n".utf8))
            #expect(added.succeeded && !added.stderr.contains("There was no database"), "\(added.summary)")
        }

        @Test("--db in a read-only folder is a clear error, exit 1", .enabled(if: getuid() != 0, "root ignores folder permissions"))
        func readOnlyFolder() async throws {
            let sandbox = try Sandbox()
            let folder = sandbox.path("work/locked")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder) }
            let result = try await sandbox.herald(["stats", "--db", folder + "/herald.db"])
            #expect(result.status == 1, "\(result.summary)")
            #expect(result.stderr.contains(folder + "/herald.db"))
        }

        @Test("--db in a folder that cannot be created (under /proc) is a clear error, exit 1")
        func uncreatableFolder() async throws {
            let sandbox = try Sandbox()
            let path = "/proc/herald-\(UUID().uuidString)/herald.db"
            let result = try await sandbox.herald(["stats", "--db", path])
            #expect(result.exitedNormally && result.status == 1, "\(result.summary)")
            #expect(result.stderr.hasPrefix("herald: ") && result.stderr.contains(path))
        }

        @Test("a database written by a newer Herald is refused, not migrated",
              .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "needs the sqlite3 shell"))
        func newerDatabase() async throws {
            let sandbox = try Sandbox()
            #expect(try await sandbox.herald(db: "stats").succeeded)
            let bump = try ChildProcess(executable: URL(fileURLWithPath: "/usr/bin/sqlite3"),
                                        arguments: [sandbox.database, "PRAGMA user_version = 99;"],
                                        environment: sandbox.environment, directory: sandbox.root, stdin: nil,
                                        scratch: sandbox.root.appendingPathComponent("scratch"))
            #expect(await bump.finish(timeout: .seconds(10)).succeeded)
            let result = try await sandbox.herald(db: "list")
            #expect(result.status == 1, "\(result.summary)")
            #expect(result.stderr.contains("written by a newer Herald (schema 99"), "\(result.stderr)")
            let again = try await sandbox.herald(db: "list")
            #expect(again.status == 1, "the database was left as it was")
        }

        @Test("--db naming a file that is not a database is refused and left untouched")
        func notADatabase() async throws {
            let sandbox = try Sandbox()
            let text = String(repeating: "Shopping list: bread, milk, eggs, apples, coffee.\n", count: 20)
            let path = try sandbox.write(Data(text.utf8), to: "work/notes.txt")
            let result = try await sandbox.herald(["list", "--db", path])
            #expect(result.status == 1, "\(result.summary)")
            #expect(result.stderr.contains("not a Herald database"))
            #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
        }
    }
}
