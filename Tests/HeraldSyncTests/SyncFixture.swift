import Foundation
import Herald
import HeraldSync
import HeraldTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Every sync API test, one at a time: each builds an engine and hashes passwords with scrypt, and
/// running them all at once would load a small machine enough to upset the timing tests of other
/// targets running alongside.
@Suite(.serialized) enum SyncSuite {}

/// Receives the feeds screen's states while the fixture subscribes and refreshes.
final class FeedsSink: FeedsDisplayLogic, @unchecked Sendable {
    func display(_ viewModel: FeedsViewModel) async {}
}

/// Receives the search screen's states while a test saves a search.
final class SearchSink: SearchDisplayLogic, @unchecked Sendable {
    func display(_ viewModel: SearchViewModel) async {}
}

/// The stores every sync test runs on: a SQLite file, and PostgreSQL (a schema of its own per
/// fixture) when `HERALD_TEST_POSTGRES_URL` names the test server (`.ci/run` starts one).
enum SyncStore: Sendable, CustomStringConvertible {
    case sqlite
    case postgres(String)

    static let postgresURL = ProcessInfo.processInfo.environment["HERALD_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// SQLite, then PostgreSQL when there is a test server.
    static var available: [SyncStore] { [.sqlite] + (postgresURL.map { [.postgres($0)] } ?? []) }

    var description: String {
        switch self {
        case .sqlite: "SQLite"
        case .postgres: "PostgreSQL"
        }
    }

    var isPostgres: Bool { if case .postgres = self { true } else { false } }
}

/// A real engine on a real store, fed by a real HTTP server on 127.0.0.1 (two feeds, one
/// tagged), with an account whose password and token the tests sign in with.
struct SyncFixture {
    static let name = "alice"
    static let password = "correct horse battery"

    let directory: String
    let store: SyncStore
    let herald: Herald
    let server: LocalHTTPServer
    let token: String

    /// A feed of `count` items, newest first, the first with HTML markup.
    static func feed(_ title: String, prefix: String, count: Int) -> String {
        let items = (1...count).map { index in
            """
            <item><title>\(title) story \(index)</title><link>https://news.example/\(prefix)/\(index)</link>
            <guid isPermaLink="false">\(prefix)-\(index)</guid>
            <pubDate>\(String(format: "%02d", 28 - index)) Nov 2026 10:00:00 GMT</pubDate>
            <author>desk@news.example (News Desk)</author>
            <description><![CDATA[<p>Body of <b>\(prefix)</b> \(index).</p><script>alert(1)</script>]]></description></item>
            """
        }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>\(title)</title><link>https://news.example/</link>
            <description>Test</description>
            \(items)
            </channel></rss>
            """
    }

    /// Runs `body` with a fixture on each store (``SyncStore/available``) and tears it down
    /// afterwards, also when `body` throws (an engine left open would stop the test process when its
    /// HTTP client is deinitialised).
    /// - Parameter config: The config file's text, when the test needs one.
    static func with(harbour: Int = 5, city: Int = 3, stores: [SyncStore] = SyncStore.available, icon: [UInt8]? = nil,
                     config: String? = nil, _ body: (SyncFixture) async throws -> Void) async throws {
        for store in stores {
            let fixture = try await make(harbour: harbour, city: city, store: store, icon: icon, config: config)
            do {
                try await body(fixture)
            } catch {
                try? await fixture.tearDown()
                Issue.record("on \(store): \(error)")
                throw error
            }
            try await fixture.tearDown()
        }
    }

    /// - Parameter icon: The test server's `/favicon.ico` (both feeds' icon), when given; else it has none.
    /// - Parameter config: The config file's text (`$XDG_CONFIG_HOME/herald/config`), when given.
    static func make(harbour: Int = 5, city: Int = 3, store: SyncStore = .sqlite, icon: [UInt8]? = nil,
                     config: String? = nil) async throws -> SyncFixture {
        let directory = NSTemporaryDirectory() + "herald-sync-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if let config {
            try FileManager.default.createDirectory(atPath: directory + "/config/herald", withIntermediateDirectories: true)
            try Data(config.utf8).write(to: URL(fileURLWithPath: directory + "/config/herald/config"))
        }
        let server = try await LocalHTTPServer.start()
        server.route("/harbour.xml", .feed(feed("Harbour", prefix: "h", count: harbour)))
        server.route("/city.xml", .feed(feed("City", prefix: "c", count: city)))
        if let icon { server.route("/favicon.ico", .feed(icon, contentType: "image/x-icon")) }
        let database: String
        switch store {
        case .sqlite: database = directory + "/herald.db"
        case .postgres(let base):
            let schema = "sync_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
            database = base + (base.contains("?") ? "&" : "?") + "schema=" + schema + "&connect_timeout=90"
        }
        let environment = ["HOME": directory, "XDG_CONFIG_HOME": directory + "/config", "XDG_STATE_HOME": directory + "/state"]
        if store.isPostgres {
            // A PostgreSQL database has people: the account is one (`herald user add alice`).
            let setup = try await Herald.open(databasePath: database, environment: environment)
            try await setup.addUser(name)
            await setup.shutdown()
        }
        let herald = try await Herald.open(databasePath: database, user: store.isPostgres ? name : nil,
                                           environment: environment)
        let feeds = herald.feedsScreen(display: FeedsSink())
        await feeds.feedAdded(url: server.url("/harbour.xml"), title: nil, tags: ["news"])
        await feeds.feedAdded(url: server.url("/city.xml"), title: nil, tags: [])
        await feeds.refreshRequested(.all)
        try await herald.setPassword(password, for: name)
        let token = try await herald.createToken(for: name, label: "tests").token
        return SyncFixture(directory: directory, store: store, herald: herald, server: server, token: token)
    }

    /// Runs `body` against the sync APIs through Hummingbird's router test client (the web reader
    /// answers nothing here: a path the APIs do not know is a plain 404).
    func test(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let sync = SyncAPI(herald: herald)
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            await sync.respond(to: request, clientAddress: "127.0.0.1") ?? Response(status: .notFound)
        }
        let application = Application(responder: responder)
        try await application.test(.router, body)
    }

    /// `Authorization: Basic` for a name and password.
    static func basic(_ name: String = name, _ password: String = password) -> HTTPFields {
        [.authorization: "Basic " + Data("\(name):\(password)".utf8).base64EncodedString()]
    }

    /// Miniflux's token header.
    var tokenHeaders: HTTPFields { [HTTPField.Name("X-Auth-Token")!: token] }

    func tearDown() async throws {
        await herald.shutdown()
        try await server.shutdown()
        try? FileManager.default.removeItem(atPath: directory)
    }
}

extension TestResponse {
    /// The body as JSON.
    func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(buffer: body))
    }
}
