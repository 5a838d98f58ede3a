import Foundation
import Herald
@testable import HeraldWeb
import HeraldTestSupport
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import Testing

@Suite("Rules written from the web reader")
struct WebRulesTests {
    private static let lighthouse: [(String, String)] = [("action", "block"), ("tag", ""), ("target", "*"),
                                                         ("query", "title:lighthouse")]

    private func configText(_ fixture: WebFixture) throws -> String {
        let path = try #require(fixture.herald.configuration.configFilePath)
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    @Test("Given the rules page, when a rule is tried, then it shows what the rule would catch before anything is written")
    func tryingWritesNothing() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.test { client in
            try await client.execute(uri: "/rules", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("No rules"))
                #expect(response.text.contains("Try a rule"))
                #expect(response.text.contains("<option value=\"tag:news\">tag news</option>"))
            }
            try await client.execute(uri: "/rules?action=block&tag=&target=*&query=title%3Alighthouse", method: .get) { response in
                #expect(response.text.contains("Matches 2 of 6 shown articles; a block rule would hide them."))
                #expect(response.text.contains("Add this rule"))
                // The title's C1 escape (`U+009D 0;pwned U+009C`) reaches nobody as one: the parser reads
                // C1 characters as windows-1252's (U+009C is œ, U+009D is undefined and dropped).
                #expect(response.text.contains(">Lighthouse alert(1) 0;pwned\u{153} keepers</a>"))
                #expect(!response.text.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
                #expect(!response.text.contains("<script>alert"))
            }
        }
        #expect(try configText(fixture).isEmpty)
        #expect(await fixture.herald.rules().isEmpty)
        try await fixture.tearDown()
    }

    @Test("Given a rule added from the web, then the config file has its line, the articles it matches are hidden at once, the next refresh of the running server hides new ones, and Remove takes the line out")
    func addAndRemove() async throws {
        let fixture = try await WebFixture.make()
        let first = try #require(try await fixture.articleIDs().first)
        try await fixture.test { client in
            let token = try #require(try await client.execute(uri: "/rules", method: .get) { $0.csrfToken })
            try await client.execute(uri: "/rules/add", method: .post, headers: formHeaders,
                                     body: formBody(Self.lighthouse + [("csrf", token)])) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/rules")
            }
            let notices = await fixture.herald.container.state.notices.map(\.message)
            #expect(notices.contains { $0.contains("Added `rule block * title:lighthouse`") && $0.contains("hid 2 articles") })
            try await client.execute(uri: "/rules", method: .get) { response in
                #expect(response.text.contains("rule block * title:lighthouse"))
                #expect(response.text.contains("/config:"))
                #expect(response.text.contains("Remove"))
            }
            // The same rule again is refused, and the file keeps one copy.
            await fixture.clearContainer()
            try await client.execute(uri: "/rules/add", method: .post, headers: formHeaders,
                                     body: formBody(Self.lighthouse + [("csrf", token)])) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location]?.hasPrefix("/rules?") == true)
            }
            #expect(await fixture.herald.container.state.currentError?.message.contains("already has the rule") == true)
            // A query the search refuses is not written.
            await fixture.clearContainer()
            try await client.execute(uri: "/rules/add", method: .post, headers: formHeaders,
                                     body: formBody([("action", "star"), ("tag", ""), ("target", "tag:news"),
                                                     ("query", "\"unclosed"), ("csrf", token)])) { _ in }
            #expect(await fixture.herald.container.state.currentError?.message.contains("not valid") == true)
        }
        let text = try configText(fixture)
        #expect(text.components(separatedBy: "rule block * title:lighthouse").count == 2)
        #expect(text.contains("# added in the web reader"))
        #expect(!text.contains("unclosed"))
        #expect(try await !fixture.articleIDs().contains(first))
        #expect(await fixture.herald.rules().map(\.line) == ["rule block * title:lighthouse"])

        // The running engine applies the rule at its next refresh, without a restart.
        fixture.server.route("/feed.xml", .feed(WebFixture.feed(count: 5).replacingOccurrences(
            of: "<item>", with: """
                <item><title>Lighthouse reopens</title><link>https://news.example/new</link>\
                <guid isPermaLink="false">item-new</guid><pubDate>28 Nov 2026 10:00:00 GMT</pubDate></item><item>
                """, options: [], range: nil)))
        let screen = WebScreen()
        await fixture.herald.feedsScreen(display: screen).refreshRequested(.all)
        let hidden = try await fixture.herald.syncIDs(ArticleFilter(scope: .hidden))
        #expect(hidden.count == 3)

        try await fixture.test { client in
            let token = try #require(try await client.execute(uri: "/rules", method: .get) { $0.csrfToken })
            await fixture.clearContainer()
            try await client.execute(uri: "/rules/remove", method: .post, headers: formHeaders,
                                     body: formBody(Self.lighthouse + [("csrf", token)])) { response in
                #expect(response.status == .seeOther)
            }
            #expect(await fixture.herald.container.state.notices.contains { $0.message.contains("stays hidden") })
            try await client.execute(uri: "/rules/remove", method: .post, headers: formHeaders,
                                     body: formBody(Self.lighthouse + [("csrf", token)])) { _ in }
            #expect(await fixture.herald.container.state.currentError?.message.contains("has no line") == true)
        }
        let after = try configText(fixture)
        #expect(!after.contains("title:lighthouse"))
        #expect(!after.contains("# added in the web reader"))
        #expect(await fixture.herald.rules().isEmpty)
        try await fixture.tearDown()
    }
}
