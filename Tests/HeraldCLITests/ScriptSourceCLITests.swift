import Foundation
import HeraldTestSupport
import Testing

extension CLISuite {
    /// `herald add exec:…` and `filter:…`: the person's own commands as feeds, run at each refresh
    /// by the real binary; a failing one is a feed error while the other feeds refresh.
    @Suite("Script sources on the command line")
    struct ScriptSourceCLITests {
        static func rss(_ title: String, items: [(guid: String, title: String)]) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>\(title)</title><link>https://scripts.example/</link><description>d</description>
            \(items.map { "<item><guid>\($0.guid)</guid><title>\($0.title)</title><link>https://scripts.example/\($0.guid)</link></item>" }.joined())
            </channel></rss>
            """
        }

        @Test("exec: and filter: feeds are added, refreshed with new items, and a broken script is that feed's error only")
        func addAndRefresh() async throws {
            let sandbox = try Sandbox()
            let feedFile = try sandbox.write(Data(Self.rss("Shell News", items: [("s-1", "First")]).utf8), to: "scratch/feed.xml")
            let exec = try sandbox.write(Data("#!/bin/sh\ncat '\(feedFile)'\n".utf8), to: "home/bin/news")
            chmod(exec, 0o755)
            let upper = try sandbox.write(Data("#!/bin/sh\nsed 's/<title>/<title>Loud /g'\n".utf8), to: "home/bin/loud")
            chmod(upper, 0o755)
            try await withServer { server in
                server.route("/plain.xml", .feed(Self.rss("Plain", items: [("p-1", "Quiet story")])))
                let added = try await sandbox.herald(db: "add", "exec:~/bin/news", "--tag", "local")
                #expect(added.succeeded, "\(added.summary)")
                let filtered = try await sandbox.herald(db: "add", "filter:~/bin/loud:\(server.url("/plain.xml"))")
                #expect(filtered.succeeded, "\(filtered.summary)")
                #expect(Set(try await sandbox.listed().map(\.title)) == ["First", "Loud Quiet story"])
                #expect(try await sandbox.feeds().map(\.title).sorted() == ["Loud Plain", "Shell News"])

                // The script's feed grows; the next refresh runs it again and stores the new item.
                try Data(Self.rss("Shell News", items: [("s-1", "First"), ("s-2", "Second")]).utf8)
                    .write(to: URL(fileURLWithPath: feedFile))
                #expect(try await sandbox.herald(db: "refresh", "--all").succeeded)
                #expect(Set(try await sandbox.listed().map(\.title)) == ["First", "Second", "Loud Quiet story"])

                // A script that breaks fails its own feed, with its words, and nothing else.
                try Data("#!/bin/sh\necho 'cannot reach the weather service' >&2\nexit 2\n".utf8)
                    .write(to: URL(fileURLWithPath: exec))
                server.route("/plain.xml", .feed(Self.rss("Plain", items: [("p-1", "Quiet story"), ("p-2", "Calm day")])))
                _ = try await sandbox.herald(db: "refresh", "--all")
                let feeds = try await sandbox.feeds()
                let shell = feeds.first { $0.url == "exec:~/bin/news" }
                #expect(shell?.lastError?.contains("exited with status 2 (\"cannot reach the weather service\")") == true,
                        "\(String(describing: shell?.lastError))")
                #expect(feeds.first { $0.url.hasPrefix("filter:") }?.lastError == nil)
                #expect(try await sandbox.listed().map(\.title).contains("Loud Calm day"))
                #expect(try await sandbox.listed().count == 4, "the failing feed kept its articles")
            }
        }
    }
}
