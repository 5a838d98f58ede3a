import Foundation
import HeraldTestSupport
import Testing

extension CLISuite {
    /// `import` of OPML and newsboat `urls` files, and `export` to OPML 2.0.
    @Suite("Import and export")
    struct ImportExportTests {
        /// A feed as the subscription set sees it.
        struct Subscription: Hashable {
            let url: String, title: String, tags: Set<String>
            init(url: String, title: String, tags: Set<String>) {
                self.url = url; self.title = title; self.tags = tags
            }
            init(_ feed: CLIDocuments.Feed) {
                url = feed.url; title = feed.title; tags = Set(feed.tags)
            }
        }

        @Test("import of an OPML file subscribes with titles and folders; a second import adds nothing")
        func importOPML() async throws {
            let sandbox = try Sandbox()
            let file = Locations.fixture("opml/feedly-export.opml").path
            let first = try await sandbox.herald(db: "import", file)
            #expect(first.succeeded, "\(first.summary)")
            #expect(first.stdout == "Imported 4 feeds\n")
            let second = try await sandbox.herald(db: "import", file)
            #expect(second.stdout == "Imported 0 feeds (4 already subscribed)\n", "\(second.summary)")

            let feeds = Set(try await sandbox.feeds().map(Subscription.init))
            #expect(feeds == [
                Subscription(url: "https://lwn.net/headlines/rss", title: "LWN.net", tags: ["Tech"]),
                Subscription(url: "https://www.swift.org/atom.xml", title: "Swift.org Blog", tags: ["Tech", "Swift"]),
                Subscription(url: "https://feeds.example.fm/kitchen-table", title: "The Kitchen Table", tags: ["Cooking & Food"]),
                Subscription(url: "https://fieldnotes.example.org/feed/", title: "Field Notes", tags: []),
            ])
            #expect(try await sandbox.stats().articles == 0, "import fetches nothing")
        }

        @Test("import of a newsboat urls file keeps tags, ~titles and ! (hidden), skips query: lines; twice adds nothing")
        func importNewsboat() async throws {
            let sandbox = try Sandbox()
            let file = Locations.fixture("opml/newsboat-urls").path
            let first = try await sandbox.herald(db: "import", file)
            #expect(first.succeeded, "\(first.summary)")
            let second = try await sandbox.herald(db: "import", file)
            #expect(second.stdout.hasPrefix("Imported 0 feeds"), "\(second.summary)")

            let feeds = try await sandbox.feeds()
            let byURL = Dictionary(uniqueKeysWithValues: feeds.map { ($0.url, $0) })
            #expect(Set(byURL["https://lwn.net/headlines/rss"]?.tags ?? []) == ["tech", "linux"])
            #expect(byURL["https://www.swift.org/atom.xml"]?.title == "Swift.org Blog")
            #expect(byURL["https://www.swift.org/atom.xml"]?.tags == ["tech"])
            #expect(byURL["https://xkcd.com/atom.xml"]?.title == "xkcd: A Webcomic")
            #expect(byURL["https://fieldnotes.example.org/feed/"]?.hidden == true)
            #expect(byURL["https://fieldnotes.example.org/feed/"]?.tags == ["garden"])
            #expect(!feeds.contains { $0.url.hasPrefix("query:") || $0.title.contains("Unread Articles") })
            // The person's own exec: line is theirs to run: the command line adds it.
            #expect(byURL["exec:~/bin/weather-feed.sh"]?.tags == ["local"])
        }

        @Test("import from standard input")
        func importFromStandardInput() async throws {
            let sandbox = try Sandbox()
            let list = "https://harbour.example.net/feed.xml news \"~Harbour Gazette\"\n# a comment\n"
            let imported = try await sandbox.herald(db: "import", "-", stdin: Data(list.utf8))
            #expect(imported.stdout == "Imported 1 feed\n", "\(imported.summary)")
            #expect(try await sandbox.feeds().map(Subscription.init)
                    == [Subscription(url: "https://harbour.example.net/feed.xml", title: "Harbour Gazette", tags: ["news"])])
        }

        @Test("export writes OPML 2.0 that imports back to the same subscriptions")
        func exportRoundTrip() async throws {
            let sandbox = try Sandbox()
            #expect(try await sandbox.herald(db: "import", Locations.fixture("opml/feedly-export.opml").path).succeeded)
            let list = "https://harbour.example.net/feed.xml news local \"~Harbour Gazette\"\n"
            #expect(try await sandbox.herald(db: "import", "-", stdin: Data(list.utf8)).succeeded)
            let original = Set(try await sandbox.feeds().map(Subscription.init))
            #expect(original.count == 5)

            let exported = try await sandbox.herald(db: "export")
            #expect(exported.succeeded)
            #expect(exported.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">"))
            #expect(exported.stdout.contains("<dateCreated>"))
            let file = sandbox.path("work/subscriptions.opml")
            let toFile = try await sandbox.herald(db: "export", file)
            #expect(toFile.succeeded, "\(toFile.summary)")
            let withoutDate = { (text: String) in text.split(separator: "\n").filter { !$0.contains("<dateCreated>") } }
            #expect(withoutDate(try String(contentsOfFile: file, encoding: .utf8)) == withoutDate(exported.stdout))

            let other = try Sandbox()
            let imported = try await other.herald(db: "import", file)
            #expect(imported.stdout == "Imported 5 feeds\n", "\(imported.summary)")
            #expect(Set(try await other.feeds().map(Subscription.init)) == original)
        }

        @Test("export FILE reports how many feeds it wrote")
        func exportNotice() async throws {
            let sandbox = try Sandbox()
            #expect(try await sandbox.herald(db: "import", Locations.fixture("opml/feedly-export.opml").path).succeeded)
            let toFile = try await sandbox.herald(db: "export", sandbox.path("work/subscriptions.opml"))
            #expect(toFile.stdout == "Exported 4 feeds as OPML\n", "\(toFile.summary)")
        }

        @Test("export then import keeps the hidden flag")
        func exportKeepsHidden() async throws {
            let sandbox = try Sandbox()
            #expect(try await sandbox.herald(db: "import", "-", stdin: Data("https://a.example.org/feed \"!\"\n".utf8)).succeeded)
            #expect(try await sandbox.feeds().first?.hidden == true)
            let exported = try await sandbox.herald(db: "export")
            let other = try Sandbox()
            #expect(try await other.herald(db: "import", "-", stdin: exported.stdoutData).succeeded)
            #expect(try await other.feeds().first?.hidden == true)
        }

        @Test("a feed exported before its first fetch keeps its own title after import and refresh")
        func exportOfUntitledFeed() async throws {
            let sandbox = try Sandbox()
            try await withServer { (server) async throws in
                server.route("/gazette.xml", .feed(NewsFeed.harbour))
                #expect(try await sandbox.herald(db: "import", "-", stdin: Data((server.url("/gazette.xml") + " news\n").utf8)).succeeded)
                let exported = try await sandbox.herald(db: "export")
                let other = try Sandbox()
                #expect(try await other.herald(db: "import", "-", stdin: exported.stdoutData).succeeded)
                #expect(try await other.herald(db: "refresh", "--all").succeeded)
                #expect(try await other.feeds().map(\.title) == ["Harbour Gazette"])
            }
        }

        @Test("import of an HTML page or a missing file fails clearly")
        func importErrors() async throws {
            let sandbox = try Sandbox()
            let missing = try await sandbox.herald(db: "import", sandbox.path("work/nope.opml"))
            #expect(missing.status != 0)
            #expect(missing.stderr.contains("Cannot read"), "\(missing.summary)")
            #expect(missing.status == 1)
            #expect(!missing.stderr.contains("Usage: herald <subcommand>"))
            let page = try Locations.fixtureData("html/article.html")
            let broken = try await sandbox.herald(db: "import", "-", stdin: page)
            #expect(broken.status == 1, "\(broken.summary)")
            #expect(broken.stderr.hasPrefix("herald: "))
            #expect(try await sandbox.feeds().isEmpty)
        }
    }
}
