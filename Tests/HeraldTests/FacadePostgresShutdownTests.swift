import Foundation
import Herald
import HeraldTestSupport
import Testing

@Suite("The Herald facade on PostgreSQL: shutting down with a refresh running")
struct FacadePostgresShutdownTests {
    /// The test server `.ci/run` starts (`scripts/postgres url`); without it the test says why and passes.
    static let postgresURL = ProcessInfo.processInfo.environment["HERALD_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

    // Without the engine stopping its refreshes before the store closes, the shutdown hangs: bounded.
    @Test("""
        Given a refresh on PostgreSQL still fetching (claims of ten minutes), when the engine shuts down, then \
        its claims are released and its run ended: another engine refreshing next fetches the feed at once
        """, .timeLimit(.minutes(1)))
    func shutdownReleasesTheClaims() async throws {
        guard let base = Self.postgresURL else {
            print("Skipping the PostgreSQL facade test: HERALD_TEST_POSTGRES_URL is not set (scripts/postgres url)")
            return
        }
        let directory = NSTemporaryDirectory() + "herald-facade-pg-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let schema = "facade_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        let database = base + (base.contains("?") ? "&" : "?") + "schema=" + schema + "&connect_timeout=90"
        let environment = ["HOME": directory, "XDG_CONFIG_HOME": directory + "/config", "XDG_STATE_HOME": directory + "/state"]
        let server = try await LocalHTTPServer.start()
        let document = FacadeEndToEndTests.feed(items: [("p1", "Slow harbour news", "The ferry is late.")])
        server.route("/slow.xml", .feed(document))

        let first = try await Herald.open(databasePath: database, environment: environment, claimLease: 600)
        _ = try await first.subscribe(to: server.url("/slow.xml"))
        let refresh = try await RefreshInFlight.start(first, server: server, path: "/slow.xml", document: document,
                                                      requestsBefore: 1)
        #expect(server.requestCount(for: "/slow.xml") == 2, "the refresh's fetch is in flight")
        await first.shutdown()
        let summary = await refresh.summary.value
        #expect(summary?.cancelled == true, "\(String(describing: summary))")

        server.route("/slow.xml", .feed(document))
        let second = try await Herald.open(databasePath: database, environment: environment, claimLease: 600)
        var next: RefreshSummary?
        for await event in second.refresh(.all) { if case .finished(let last) = event { next = last } }
        let log = try Herald.lastRefreshLog(environment: environment).records
        #expect(server.requestCount(for: "/slow.xml") == 3, "the feed was fetched again, not left claimed: \(String(describing: next)); \(log)")
        #expect(next?.skipped == 0 && next?.failed == 0, "\(String(describing: next))")
        await second.shutdown()
        try await server.shutdown()
    }
}
