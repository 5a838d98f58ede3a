import Foundation
import Testing
@testable import HeraldComposition

@Suite("Configuration from file, environment and flags")
struct ConfigurationLoaderTests {
    private func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "herald-config-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("Given no config file, when loading, then XDG_DATA_HOME decides the database path")
    func defaultsFollowXDG() throws {
        let loader = ConfigurationLoader(environment: ["HOME": "/home/ada", "XDG_DATA_HOME": "/data",
                                                       "XDG_CONFIG_HOME": "/nonexistent-config"])
        let configuration = try loader.load()
        #expect(configuration.databasePath == "/data/herald/herald.db")
        #expect(configuration.maxConcurrentFetches == 128)
    }

    @Test("The refresh log lives under XDG_STATE_HOME, else ~/.local/state; the file can move it or turn it off")
    func theRefreshLogFollowsTheEnvironmentAndTheFile() throws {
        let home = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        #expect(try ConfigurationLoader(environment: ["HOME": home, "XDG_STATE_HOME": "/state"]).load().refreshLogPath
                == "/state/herald/refresh.log")
        #expect(try ConfigurationLoader(environment: ["HOME": home]).load().refreshLogPath
                == home + "/.local/state/herald/refresh.log")
        let config = home + "/config"
        try "refresh-log = ~/logs/r.log\nrefresh-guard-window = 1m\nrefresh-host-rate = 5\n".write(toFile: config, atomically: true, encoding: .utf8)
        let moved = try ConfigurationLoader(environment: ["HOME": home, "HERALD_CONFIG": config]).load()
        #expect(moved.refreshLogPath == home + "/logs/r.log")
        #expect(moved.refreshGuardWindow == 60 && moved.hostRequestsPerSecond == 5)
        try "refresh-log = off\n".write(toFile: config, atomically: true, encoding: .utf8)
        #expect(try ConfigurationLoader(environment: ["HOME": home, "HERALD_CONFIG": config]).load().refreshLogPath == nil)
    }

    @Test("Given only HOME, when loading, then the database lives under ~/.local/share/herald")
    func defaultsFallBackToHome() throws {
        let loader = ConfigurationLoader(environment: ["HOME": "/home/ada", "XDG_CONFIG_HOME": "/nonexistent"])
        #expect(try loader.load().databasePath == "/home/ada/.local/share/herald/herald.db")
    }

    @Test("The default database path follows HERALD_DB, then XDG_DATA_HOME, then HOME")
    func theDefaultLocationFollowsTheEnvironment() {
        func path(_ environment: [String: String]) -> String { ConfigurationLoader(environment: environment).defaultDatabasePath }
        #expect(path(["HERALD_DB": "/x/h.db", "HOME": "/home/u"]) == "/x/h.db")
        #expect(path(["XDG_DATA_HOME": "/d", "HOME": "/home/u"]) == "/d/herald/herald.db")
        #expect(path(["HOME": "/home/u"]) == "/home/u/.local/share/herald/herald.db")
    }

    @Test("Given a config file, HERALD_DB and --db, then --db wins over HERALD_DB which wins over the file")
    func precedence() throws {
        let directory = try temporaryDirectory()
        let file = directory + "/config"
        try "database = ~/from-file.db\nrefresh-concurrency = 8 # comment\nkeep-days = 30\nrefresh-min-interval = 5m\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        var environment = ["HOME": "/home/ada", "HERALD_CONFIG": file]
        var configuration = try ConfigurationLoader(environment: environment).load()
        #expect(configuration.databasePath == "/home/ada/from-file.db")
        #expect(configuration.maxConcurrentFetches == 8)
        #expect(configuration.retention.keepDays == 30)
        #expect(configuration.minimumRefreshInterval == 300)
        environment["HERALD_DB"] = "/env.db"
        configuration = try ConfigurationLoader(environment: environment).load()
        #expect(configuration.databasePath == "/env.db")
        configuration = try ConfigurationLoader(environment: environment).load(databaseOverride: "/flag.db")
        #expect(configuration.databasePath == "/flag.db")
    }

    @Test("Given a bad value, when loading, then the error names the file, the line and the key")
    func badValueNamesTheLine() throws {
        let directory = try temporaryDirectory()
        let file = directory + "/config"
        try "# settings\nrefresh-per-host = many\n".write(toFile: file, atomically: true, encoding: .utf8)
        let loader = ConfigurationLoader(environment: ["HOME": "/home/ada", "HERALD_CONFIG": file])
        let error = #expect(throws: ConfigurationError.self) { try loader.load() }
        #expect(error?.message.contains("config:2") == true)
        #expect(error?.message.contains("refresh-per-host") == true)
    }

    @Test("Given an unknown key or a line without =, when loading, then loading fails clearly")
    func unknownKey() throws {
        let directory = try temporaryDirectory()
        let file = directory + "/config"
        try "colour-scheme = dark\n".write(toFile: file, atomically: true, encoding: .utf8)
        let loader = ConfigurationLoader(environment: ["HOME": "/h", "HERALD_CONFIG": file])
        #expect(throws: ConfigurationError.self) { try loader.load() }
        try "just words\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(throws: ConfigurationError.self) { try loader.load() }
    }

    @Test("Durations and sizes accept units; a minimum above the maximum is refused")
    func unitsAndConsistency() throws {
        let directory = try temporaryDirectory()
        let file = directory + "/config"
        try "refresh-max-interval = 2h\nmax-feed-size = 8MB\nfetch-timeout = 45s\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let loader = ConfigurationLoader(environment: ["HOME": "/h", "HERALD_CONFIG": file])
        let configuration = try loader.load()
        #expect(configuration.maximumRefreshInterval == 7200)
        #expect(configuration.maxFeedBytes == 8 * 1_048_576)
        #expect(configuration.fetchTimeout == 45)
        try "refresh-max-interval = 10m\nrefresh-min-interval = 1h\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(throws: ConfigurationError.self) { try loader.load() }
    }
}
