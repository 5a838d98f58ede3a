import Foundation
import HeraldTestSupport
import Testing

extension CLISuite {
    /// `search` over articles stored from a local server.
    @Suite("Searching")
    struct SearchTests {
        /// A sandbox subscribed to the Harbour Gazette.
        private func subscribed(_ sandbox: Sandbox, _ server: LocalHTTPServer) async throws {
            server.route("/gazette.xml", .feed(NewsFeed.harbour))
            let added = try await sandbox.herald(db: "add", server.url("/gazette.xml"))
            guard added.succeeded else { throw CLIFailure(added) }
        }

        @Test("search ranks a title match above a body match and shows snippets; --json has the same order")
        func rankedResults() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                try await subscribed(sandbox, server)
                let text = try await sandbox.herald(db: "search", "ferry")
                #expect(text.succeeded, "\(text.summary)")
                #expect(text.stdout.hasPrefix("2 results"), "\(text.stdout)")
                let lines = text.stdout.split(separator: "\n").map(String.init)
                let ferry = try #require(lines.firstIndex { $0.contains("Ferry timetable changes for winter") })
                let market = try #require(lines.firstIndex { $0.contains("Fish market opens at dawn") })
                #expect(ferry < market, "the title match ranks first")
                #expect(lines.contains { $0.hasPrefix("    ") && $0.contains("«ferry»") }, "snippets mark matches with «»")
                #expect(!text.stdout.contains("\u{1B}"), "no escapes when not on a terminal")

                let json = try await sandbox.herald(db: "search", "ferry", "--json")
                let hits = try CLIDocuments.decode([CLIDocuments.Hit].self, from: json)
                #expect(hits.map(\.article.title) == ["Ferry timetable changes for winter", "Fish market opens at dawn on Saturdays"])
                #expect(hits[0].title.contains { $0.isMatch && $0.text.lowercased() == "ferry" })
                #expect(hits[1].snippet.contains { $0.isMatch && $0.text == "ferry" })
                #expect(hits.allSatisfy { $0.article.feed == "Harbour Gazette" })
            }
        }

        @Test("phrase, prefix and title: queries")
        func querySyntax() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                try await subscribed(sandbox, server)
                func titles(_ query: String) async throws -> [String] {
                    let result = try await sandbox.herald(db: "search", query, "--json")
                    guard result.succeeded else { throw CLIFailure(result) }
                    return try CLIDocuments.decode([CLIDocuments.Hit].self, from: result).map(\.article.title)
                }
                #expect(try await titles("\"north pier\"") == ["Lighthouse keepers restore the old foghorn"])
                #expect(try await titles("mack*") == ["Fish market opens at dawn on Saturdays"])
                #expect(try await titles("title:ferry") == ["Ferry timetable changes for winter"])
                #expect(try await titles("ferry NOT timetable") == ["Fish market opens at dawn on Saturdays"])
                #expect(try await titles("zeppelin").isEmpty)
            }
        }

        @Test("a malformed query gets a clear message, never SQL text", arguments: ["\"unbalanced", "title:", "AND OR"])
        func malformedQueryMessage(query: String) async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                try await subscribed(sandbox, server)
                let result = try await sandbox.herald(db: "search", query)
                #expect(result.exitedNormally, "no crash: \(result.summary)")
                let output = (result.stdout + result.stderr)
                #expect(output.contains("The search query is not valid"), "\(output)")
                for leak in ["SQL", "sqlite", "fts5", "syntax error", "MATCH"] {
                    #expect(!output.contains(leak), "\(output)")
                }
            }
        }

        @Test("a malformed query exits non-zero with the message on stderr")
        func malformedQueryExitStatus() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                try await subscribed(sandbox, server)
                let result = try await sandbox.herald(db: "search", "\"unbalanced")
                #expect(result.exitedNormally && result.status != 0, "\(result.summary)")
                #expect(result.stderr.contains("The search query is not valid"))
            }
        }

        @Test("more results than --limit: the hint names an option search has")
        func moreResultsHint() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                try await subscribed(sandbox, server)
                let result = try await sandbox.herald(db: "search", "ferry", "--limit", "1")
                #expect(result.succeeded)
                let hint = try #require(result.stdout.split(separator: "\n").last { $0.hasPrefix("… more results") })
                #expect(hint.contains("--limit"))
                #expect(!hint.contains("--offset"), "\(hint)")
            }
        }

        @Test("list of an unknown saved search exits 1 with the error on stderr")
        func unknownSavedSearch() async throws {
            let sandbox = try Sandbox()
            let result = try await sandbox.herald(db: "list", "--saved", "42")
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty, "\(result.summary)")
            #expect(result.stderr.contains("There is no saved search 42"))
        }

        @Test("search --save keeps the query; feeds lists it with its unread count and list --saved reads it")
        func savedSearch() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                try await subscribed(sandbox, server)
                let saved = try await sandbox.herald(db: "search", "ferry", "--save", "Ferry news")
                #expect(saved.succeeded, "\(saved.summary)")
                #expect(saved.stdout.contains("Saved the search “Ferry news”"))

                let feeds = try await sandbox.herald(db: "feeds")
                let lines = feeds.stdout.split(separator: "\n").map(String.init)
                let heading = try #require(lines.firstIndex(of: "Saved searches"), "\(feeds.stdout)")
                let row = try #require(lines.dropFirst(heading).first { $0.contains("Ferry news") })
                #expect(row.contains("[ferry]"))
                #expect(row.contains("2 unread"), "\(row)")
                let id = try #require(row.split(separator: " ").first.map(String.init))
                #expect(try await sandbox.listed("--saved", id).map(\.title)
                        == ["Ferry timetable changes for winter", "Fish market opens at dawn on Saturdays"])

                let refused = try await sandbox.herald(db: "search", "\"unbalanced", "--save", "Broken")
                #expect(refused.status != 0)
                #expect(!(try await sandbox.herald(db: "feeds")).stdout.contains("Broken"), "an invalid query is not saved")
            }
        }
    }
}
