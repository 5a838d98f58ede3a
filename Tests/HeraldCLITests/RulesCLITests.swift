import Foundation
import HeraldTestSupport
import Testing

extension CLISuite {
    /// Rules from the config file, applied by real refreshes against the test server.
    @Suite("Article rules")
    struct RulesCLITests {
        static func item(_ guid: String, _ title: String, server: LocalHTTPServer, minute: Int) -> NewsItem {
            NewsItem(guid: guid, title: title, link: server.url("/a/\(guid)"),
                     date: "Fri, 30 Oct 2026 07:\(10 + minute):00 +0000", html: "<p>\(title), in a few words.</p>")
        }

        @Test("A refresh hides what block rules catch, stars and tags the rest; rules, rules test, list --hidden and mark unhide show it")
        func rulesAtRefresh() async throws {
            let sandbox = try Sandbox()
            try await withServer { server in
                let feedURL = server.url("/feed.xml")
                _ = try sandbox.write(Data("""
                    rule block * title:sponsored   # ads
                    rule star \(feedURL) title:rust
                    rule tag:release "Release Notes" released
                    """.utf8), to: "config/herald/config")
                server.route("/feed.xml", .feed(NewsFeed.rss(title: "Release Notes", site: server.url("/"), items: [
                    Self.item("1", "Sponsored: the best mattress", server: server, minute: 1),
                    Self.item("2", "Swift 7 released", server: server, minute: 2),
                ])))
                let added = try await sandbox.herald(db: "add", feedURL)
                #expect(added.succeeded, "\(added.summary)")
                // The first fetch of a new subscription goes through the rules too.
                var listed = try await sandbox.herald(db: "list")
                #expect(!listed.stdout.contains("mattress") && listed.stdout.contains("Swift 7 released"), "\(listed.summary)")

                server.route("/feed.xml", .feed(NewsFeed.rss(title: "Release Notes", site: server.url("/"), items: [
                    Self.item("1", "Sponsored: the best mattress", server: server, minute: 1),
                    Self.item("2", "Swift 7 released", server: server, minute: 2),
                    Self.item("3", "Rust 2.0 released", server: server, minute: 3),
                    Self.item("4", "SPONSORED post about chairs", server: server, minute: 4),
                ])))
                let refreshed = try await sandbox.herald(db: "refresh", "--all")
                #expect(refreshed.succeeded && refreshed.stdout.contains("1 hidden by rules"), "\(refreshed.summary)")
                listed = try await sandbox.herald(db: "list", "--json")
                #expect(!listed.stdout.contains("mattress") && !listed.stdout.contains("chairs"), "\(listed.summary)")
                #expect(listed.stdout.contains("Rust 2.0 released"))
                let starred = try await sandbox.herald(db: "list", "--starred")
                #expect(starred.stdout.contains("Rust 2.0") && !starred.stdout.contains("Swift 7"), "\(starred.summary)")
                let hidden = try await sandbox.herald(db: "list", "--hidden", "--json")
                #expect(hidden.stdout.contains("mattress") && hidden.stdout.contains("chairs"), "\(hidden.summary)")
                let search = try await sandbox.herald(db: "search", "mattress")
                #expect(!search.stdout.contains("mattress") || search.stdout.contains("No results"), "\(search.summary)")

                let rules = try await sandbox.herald(db: "rules")
                #expect(rules.succeeded, "\(rules.summary)")
                #expect(rules.stdout.contains("rule block * title:sponsored"), "\(rules.summary)")
                #expect(rules.stdout.contains("Matches 2 of 2 shown articles; the rule tags them release."), "\(rules.summary)")

                let test = try await sandbox.herald(["rules", "test", "--db", sandbox.database, "--feed", "Release Notes", "swift"])
                #expect(test.succeeded && test.stdout.contains("Matches 1 of 2 shown articles") && test.stdout.contains("Swift 7 released"),
                        "\(test.summary)")
                let bad = try await sandbox.herald(["rules", "test", "--db", sandbox.database, "\"unclosed"])
                #expect(!bad.succeeded && bad.stderr.contains("not valid"), "\(bad.summary)")

                // Shown again, and a second apply leaves it shown until the rules run on new articles.
                let mattressID = try #require(Self.id(of: "mattress", in: hidden.stdout))
                let unhidden = try await sandbox.herald(db: "mark", "unhide", String(mattressID))
                #expect(unhidden.succeeded && unhidden.stdout.contains("Showed 1 article again"), "\(unhidden.summary)")
                listed = try await sandbox.herald(db: "list")
                #expect(listed.stdout.contains("mattress"), "\(listed.summary)")
                let applied = try await sandbox.herald(["rules", "apply", "--db", sandbox.database])
                #expect(applied.succeeded && applied.stdout.contains("The rules hid 1 article."), "\(applied.summary)")
            }
        }

        @Test("A bad rule line stops every command with its line number")
        func badRule() async throws {
            let sandbox = try Sandbox()
            _ = try sandbox.write(Data("\nrule hide * ads\n".utf8), to: "config/herald/config")
            let refused = try await sandbox.herald(db: "stats")
            #expect(!refused.succeeded && refused.stderr.contains(":2: `hide` is not a rule action"), "\(refused.summary)")
        }

        /// The id of the article whose title holds `word` in `list --json` output.
        static func id(of word: String, in json: String) -> Int64? {
            struct Page: Decodable {
                struct Row: Decodable {
                    let id: Int64
                    let title: String
                }
                let articles: [Row]
            }
            let page = try? JSONDecoder().decode(Page.self, from: Data(json.utf8))
            return page?.articles.first { $0.title.contains(word) }?.id
        }
    }
}
