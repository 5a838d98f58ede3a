import Foundation
import HeraldTestSupport
import Testing

extension CLISuite {
    /// `herald extract` on hand-written pages (Fixtures/pages), from a file, standard input and the
    /// test HTTP server.
    @Suite("Extracting articles from pages")
    struct ExtractTests {
        static let pageURL = "https://fieldnotes.example.org/2026/10/garlic/"

        @Test("extract FILE --json prints the documented fields")
        func jsonDocument() async throws {
            let sandbox = try Sandbox()
            let result = try await sandbox.herald(["extract", Locations.fixture("pages/garden-article.html").path,
                                                   "--url", Self.pageURL, "--json"])
            #expect(result.succeeded, "\(result.summary)")
            let document = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
            #expect(Set(document.keys) == ["title", "byline", "excerpt", "siteName", "published", "lang", "dir", "image",
                                           "readerable", "html", "text"])
            #expect(document["title"] as? String == "Planting garlic before the frost")
            #expect(document["byline"] as? String == "Ada Grower")
            #expect(document["siteName"] as? String == "Field Notes")
            #expect(document["published"] as? String == "2026-10-30T07:15:00+00:00")
            #expect(document["lang"] as? String == "en-GB")
            #expect(document["readerable"] as? Bool == true)
            #expect(document["image"] as? String == "https://fieldnotes.example.org/images/garlic-row.jpg")
            #expect(document["excerpt"] as? String == "When to plant garlic, which cloves to choose and how deep they go.")
            let text = try #require(document["text"] as? String)
            for kept in ["vernalisation", "Choosing the cloves", "Hardneck", "Keep the largest cloves for planting."] {
                #expect(text.contains(kept), "\(kept) is missing")
            }
            for dropped in ["cookies", "Most read", "squirrels", "Privacy", "Vegetables", "E-mail"] {
                #expect(!text.contains(dropped), "\(dropped) was kept")
            }
            let html = try #require(document["html"] as? String)
            #expect(html.contains("src=\"https://fieldnotes.example.org/images/cloves.jpg\""))
            #expect(html.contains("href=\"https://fieldnotes.example.org/2026/10/guides/alliums.html\""))
            #expect(!html.contains("<script"))
        }

        @Test("extract FILE prints the title, the byline and the text; an index page is flagged")
        func textOutput() async throws {
            let sandbox = try Sandbox()
            let article = try await sandbox.herald(["extract", Locations.fixture("pages/garden-article.html").path])
            #expect(article.succeeded, "\(article.summary)")
            let lines = article.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.first == "Planting garlic before the frost")
            #expect(lines.dropFirst().first == "Ada Grower · Field Notes · 2026-10-30T07:15:00+00:00")
            let index = try await sandbox.herald(["extract", "-"], stdin: try Locations.fixtureData("pages/index-page.html"))
            #expect(index.succeeded, "\(index.summary)")
            #expect(index.stdout.contains("(This page is probably not an article.)"), "\(index.stdout)")
        }

        @Test("extract URL fetches the page from the server, once; a missing page is a clear error")
        func fromTheServer() async throws {
            let sandbox = try Sandbox()
            let page = try Locations.fixtureData("pages/garden-article.html")
            try await withServer { server in
                server.route("/2026/10/garlic/", .feed([UInt8](page), contentType: "text/html; charset=utf-8"))
                let result = try await sandbox.herald(["extract", server.url("/2026/10/garlic/"), "--html"])
                #expect(result.succeeded, "\(result.summary)")
                #expect(result.stdout.contains("vernalisation"))
                // Relative addresses resolve against where the page was fetched from.
                #expect(result.stdout.contains("src=\"\(server.url("/images/cloves.jpg"))\""), "\(result.stdout)")
                #expect(server.requestCount(for: "/2026/10/garlic/") == 1)

                server.route("/gone", .error(404))
                let missing = try await sandbox.herald(["extract", server.url("/gone")])
                #expect(!missing.succeeded)
                #expect(missing.stderr.contains("Cannot fetch the page \(server.url("/gone")): the server says it does not exist (404)"),
                        "\(missing.stderr)")
            }
        }

        @Test("extract on a file that does not exist says so")
        func missingFile() async throws {
            let sandbox = try Sandbox()
            let result = try await sandbox.herald(["extract", "/nonexistent/page.html"])
            #expect(!result.succeeded)
            #expect(result.stderr.contains("Cannot read /nonexistent/page.html"), "\(result.stderr)")
        }

        @Test("escape sequences in a page's title do not reach the terminal")
        func hostileTitle() async throws {
            let sandbox = try Sandbox()
            let page = "<html><head><title>Garlic \u{1B}[2J\u{1B}]0;owned\u{07} tips for the autumn garden</title></head>"
                + "<body><article><p>\(String(repeating: "Plant the cloves in autumn, pointed end up, a hand apart. ", count: 12))</p></article></body></html>"
            let result = try await sandbox.herald(["extract", "-"], stdin: Data(page.utf8))
            #expect(result.succeeded, "\(result.summary)")
            #expect(!result.stdout.contains("\u{1B}"))
            #expect(!result.stdout.contains("\u{07}"))
        }

        @Test("show ID --full shows the article from its page; a page that fails leaves the feed's text")
        func showFull() async throws {
            let sandbox = try Sandbox()
            let page = try Locations.fixtureData("pages/garden-article.html")
            try await withServer { server in
                server.route("/2026/10/garlic/", .feed([UInt8](page), contentType: "text/html; charset=utf-8"))
                server.route("/gone", .error(404))
                let items = [
                    NewsItem(guid: "g-1", title: "Planting garlic", link: server.url("/2026/10/garlic/"),
                             date: "Fri, 30 Oct 2026 07:15:00 +0000", html: "<p>A teaser about garlic.</p>"),
                    NewsItem(guid: "g-2", title: "A lost page", link: server.url("/gone"),
                             date: "Sat, 31 Oct 2026 07:15:00 +0000", html: "<p>A teaser about a lost page.</p>"),
                ]
                server.route("/feed.xml", .feed(NewsFeed.rss(title: "Field Notes", site: server.url("/"), items: items)))
                #expect(try await sandbox.herald(db: "add", server.url("/feed.xml")).succeeded)
                #expect(try await sandbox.herald(db: "refresh").succeeded)
                let listed = try await sandbox.herald(db: "list", "--json")
                let json = try #require(try JSONSerialization.jsonObject(with: listed.stdoutData) as? [String: Any])
                let articles = try #require(json["articles"] as? [[String: Any]])
                let ids = Dictionary(uniqueKeysWithValues: articles.compactMap { row -> (String, Int)? in
                    guard let title = row["title"] as? String, let id = row["id"] as? Int else { return nil }
                    return (title, id)
                })
                let garlic = try #require(ids["Planting garlic"])
                let full = try await sandbox.herald(db: "show", String(garlic), "--full")
                #expect(full.succeeded, "\(full.summary)")
                #expect(full.stdout.contains("vernalisation"), "\(full.stdout)")
                #expect(!full.stdout.contains("A teaser about garlic."))
                #expect(server.requestCount(for: "/2026/10/garlic/") == 1)
                let again = try await sandbox.herald(db: "show", String(garlic), "--full")
                #expect(again.stdout.contains("vernalisation"), "\(again.stdout)")
                #expect(server.requestCount(for: "/2026/10/garlic/") == 1, "kept once fetched: offline from then on")
                let found = try await sandbox.herald(db: "search", "vernalisation")
                #expect(found.stdout.contains("Planting garlic"), "search reads the kept full text: \(found.stdout)")

                let lost = try #require(ids["A lost page"])
                let fallback = try await sandbox.herald(db: "show", String(lost), "--full")
                #expect(fallback.succeeded, "\(fallback.summary)")
                #expect(fallback.stdout.contains("A teaser about a lost page."), "\(fallback.stdout)")
                #expect(fallback.stderr.contains("the server says it does not exist (404)"), "\(fallback.stderr)")
                #expect(fallback.stderr.contains("Showing the feed's text."), "\(fallback.stderr)")
            }
        }

        @Test("add --full-text keeps each new article's page at refresh; full-text FEED on|off switches it and says so")
        func fullTextFeed() async throws {
            let sandbox = try Sandbox()
            let page = try Locations.fixtureData("pages/garden-article.html")
            try await withServer { server in
                server.route("/2026/10/garlic/", .feed([UInt8](page), contentType: "text/html; charset=utf-8"))
                let items = [
                    NewsItem(guid: "g-1", title: "Planting garlic", link: server.url("/2026/10/garlic/"),
                             date: "Fri, 30 Oct 2026 07:15:00 +0000", html: "<p>A teaser about garlic.</p>"),
                ]
                server.route("/feed.xml", .feed(NewsFeed.rss(title: "Field Notes", site: server.url("/"), items: items)))
                let added = try await sandbox.herald(db: "add", server.url("/feed.xml"), "--full-text")
                #expect(added.succeeded, "\(added.summary)")
                let state = try await sandbox.herald(db: "full-text", "Field Notes")
                #expect(state.stdout.contains("Full text is on for Field Notes."), "\(state.summary)")
                // New articles (first stored now, whatever the date they carry) get their page.
                #expect(server.requestCount(for: "/2026/10/garlic/") == 0, "pages come with refreshes")
                let refreshed = try await sandbox.herald(db: "refresh", "--all")
                #expect(refreshed.succeeded, "\(refreshed.summary)")
                #expect(refreshed.stdout.contains("1 full text kept"), "\(refreshed.summary)")
                #expect(server.requestCount(for: "/2026/10/garlic/") == 1)
                let shown = try await sandbox.herald(db: "show", "1", "--full")
                #expect(shown.stdout.contains("vernalisation"), "\(shown.summary)")
                #expect(server.requestCount(for: "/2026/10/garlic/") == 1, "show --full reads the kept text")
                #expect(try await sandbox.herald(db: "refresh", "--all").succeeded)
                #expect(server.requestCount(for: "/2026/10/garlic/") == 1, "a kept page is not fetched again")

                // A per-site rule, then --refetch: the kept page is fetched and extracted again with it.
                #expect(shown.stdout.contains("Buy seed garlic"))
                _ = try sandbox.write(Data("extract-drop 127.0.0.1 p:not-a-pseudo\n".utf8), to: "config/herald/config")
                let refused = try await sandbox.herald(db: "full-text", "Field Notes", "--refetch")
                #expect(!refused.succeeded && refused.stderr.contains("pseudo-classes"), "\(refused.summary)")
                _ = try sandbox.write(Data("extract-keep 127.0.0.1 article.post > h1, article.post > p:nth # no\n".utf8),
                                      to: "config/herald/config")
                #expect(!(try await sandbox.herald(db: "full-text", "Field Notes", "--refetch")).succeeded)
                _ = try sandbox.write(Data("extract-drop 127.0.0.1 article.post h2 ~ p, .share\n".utf8), to: "config/herald/config")
                #expect(!(try await sandbox.herald(db: "full-text", "Field Notes", "--refetch")).succeeded)
                _ = try sandbox.write(Data("extract-keep 127.0.0.1 article.post > p.byline  # only the byline\n".utf8),
                                      to: "config/herald/config")
                let refetched = try await sandbox.herald(db: "full-text", "Field Notes", "--refetch")
                #expect(refetched.succeeded, "\(refetched.summary)")
                #expect(refetched.stdout.contains("Extracted 1 full text of Field Notes again."), "\(refetched.stdout)")
                #expect(server.requestCount(for: "/2026/10/garlic/") == 2)
                let narrowed = try await sandbox.herald(db: "show", "1", "--full")
                #expect(narrowed.stdout.contains("By Ada Grower"), "\(narrowed.stdout)")
                #expect(!narrowed.stdout.contains("Buy seed garlic"), "the rule kept only the byline: \(narrowed.stdout)")
                let off = try await sandbox.herald(db: "full-text", "Field Notes", "off")
                #expect(off.stdout.contains("Full text off for Field Notes"), "\(off.summary)")
                #expect(off.stdout.components(separatedBy: "Full text off").count == 2, "said once: \(off.summary)")
                #expect(try await sandbox.herald(db: "full-text", "Field Notes").stdout.contains("off"))
                let unknown = try await sandbox.herald(db: "full-text", "No such feed", "on")
                #expect(!unknown.succeeded)
            }
        }
    }
}
