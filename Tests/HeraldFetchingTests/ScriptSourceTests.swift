import Foundation
import HeraldDomain
import HeraldFetching
import HeraldTestSupport
import Testing

/// `exec:` and `filter:` sources with real scripts: the output is the feed, a filter gets the
/// document fetched from the test server on its standard input, and every way a script can go
/// wrong (missing, failing, hanging, printing too much) ends as a feed error, never a stuck refresh.
@Suite("Script sources")
struct ScriptSourceTests {
    /// A folder of scripts, deleted at the end.
    final class Scripts {
        let folder: URL

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-scripts-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        /// Writes an executable shell script and returns its path.
        func script(_ name: String, _ body: String) throws -> String {
            let path = folder.appendingPathComponent(name).path
            try Data(("#!/bin/sh\n" + body + "\n").utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
            return path
        }
    }

    static let feed = SampleFeeds.wordPressRSS(items: 3)

    func fetcher(wrapping http: HTTPFeedFetcher, timeLimit: Duration = .seconds(30), maxOutputBytes: Int = 1 << 20,
                 runsCommands: Bool = true) -> ScriptFeedFetcher {
        ScriptFeedFetcher(wrapping: http, timeLimit: timeLimit, maxOutputBytes: maxOutputBytes, runsCommands: runsCommands)
    }

    func failure(_ fetcher: ScriptFeedFetcher, _ url: String) async -> FetchError? {
        do {
            _ = try await fetcher.fetch(FetchRequest(url: url))
            return nil
        } catch {
            return error
        }
    }

    @Test("the words are parsed without a shell: quotes group, nothing is expanded, filter: splits at the first colon")
    func parsing() throws {
        #expect(try ScriptSource(parsing: "exec:/bin/feed --name 'two words' \"$HOME\"")
                == .exec(command: ["/bin/feed", "--name", "two words", "$HOME"]))
        #expect(try ScriptSource(parsing: "filter:~/bin/clean --strict:https://example.org/feed.xml")
                == .filter(command: ["~/bin/clean", "--strict"], url: "https://example.org/feed.xml"))
        #expect(throws: ScriptSourceError.noCommand("exec:   ")) { try ScriptSource(parsing: "exec:   ") }
        #expect(throws: ScriptSourceError.noCommand("exec:say 'open")) { try ScriptSource(parsing: "exec:say 'open") }
        #expect(throws: ScriptSourceError.noFilterURL("filter:clean")) { try ScriptSource(parsing: "filter:clean") }
        #expect(ScriptSource.isScript("EXEC:x") && !ScriptSource.isScript("https://exec.example/"))
    }

    @Test("exec: the command's standard output is the feed; its arguments arrive as written")
    func execOutputIsTheFeed() async throws {
        let scripts = try Scripts()
        let record = scripts.folder.appendingPathComponent("arguments").path
        let path = try scripts.script("feed", """
            printf '%s|' "$@" > '\(record)'
            printf '%s' "${SECRET:-clean}" >> '\(record)'
            cat <<'FEED'
            \(Self.feed)
            FEED
            """)
        try await withFetcher { http in
            let response = try await fetcher(wrapping: http).fetch(FetchRequest(url: "exec:\(path) 'two words' $HOME"))
            #expect(response.body.map { String(decoding: $0, as: UTF8.self) } == Self.feed + "\n")
            #expect(response.finalURL == "exec:\(path) 'two words' $HOME")
            #expect((try? String(contentsOfFile: record, encoding: .utf8)) == "two words|$HOME|clean")
        }
    }

    @Test("filter: the document fetched from the server goes through the command; an unchanged one stays not modified")
    func filterPipesTheDocument() async throws {
        let scripts = try Scripts()
        let path = try scripts.script("retitle", "sed 's/<title>/<title>Filtered: /'")
        try await withServer { server, http in
            server.route("/feed.xml", .feed(Self.feed, etag: "\"v1\""))
            let url = "filter:\(path):\(server.url("/feed.xml"))"
            let scripted = fetcher(wrapping: http)
            let first = try await scripted.fetch(FetchRequest(url: url))
            let text = first.body.map { String(decoding: $0, as: UTF8.self) } ?? ""
            #expect(text.contains("<title>Filtered: "), "\(text.prefix(300))")
            #expect(first.etag == "\"v1\"")
            #expect(first.finalURL == url)
            let second = try await scripted.fetch(FetchRequest(url: url, etag: first.etag))
            #expect(second.outcome == .notModified)
            #expect(server.requestCount(for: "/feed.xml") == 2, "one request per fetch")
            #expect(server.lastRequest(for: "/feed.xml")?.header("If-None-Match") == "\"v1\"")
        }
    }

    @Test("a filter whose server fails fails like the server, without running the command")
    func filterOfAFailingServer() async throws {
        let scripts = try Scripts()
        let ran = scripts.folder.appendingPathComponent("ran").path
        let path = try scripts.script("mark", "touch '\(ran)'; cat")
        try await withServer { server, http in
            server.route("/gone.xml", .error(404))
            let error = await failure(fetcher(wrapping: http), "filter:\(path):\(server.url("/gone.xml"))")
            #expect(error == .notFound)
            #expect(!FileManager.default.fileExists(atPath: ran))
        }
    }

    @Test("a failing command is a feed error with the status and the last line it wrote to standard error")
    func failingCommand() async throws {
        let scripts = try Scripts()
        let path = try scripts.script("broken", "echo 'warming up' >&2; echo 'token expired, run login' >&2; exit 3")
        try await withFetcher { http in
            let error = await failure(fetcher(wrapping: http), "exec:\(path)")
            guard case let .scriptFailed(command, reason) = error else {
                Issue.record("expected scriptFailed, got \(String(describing: error))")
                return
            }
            #expect(command == "`\(path)`")
            #expect(reason == "exited with status 3 (\"token expired, run login\")")
            #expect(error?.message.contains("fix the script") == true)
        }
    }

    @Test("a command that is not there says so")
    func missingCommand() async throws {
        try await withFetcher { http in
            let error = await failure(fetcher(wrapping: http), "exec:herald-no-such-program --flag")
            guard case let .scriptFailed(_, reason) = error else {
                Issue.record("expected scriptFailed, got \(String(describing: error))")
                return
            }
            #expect(reason.contains("not a program Herald can find on PATH"), "\(reason)")
        }
    }

    @Test("a command that hangs is stopped at the time limit with its children")
    func hangingCommand() async throws {
        let scripts = try Scripts()
        let path = try scripts.script("hang", "sleep 120 & sleep 120")
        try await withFetcher { http in
            let error = await failure(fetcher(wrapping: http, timeLimit: .seconds(1)), "exec:\(path)")
            guard case let .scriptFailed(_, reason) = error else {
                Issue.record("expected scriptFailed, got \(String(describing: error))")
                return
            }
            // The pipes close only when every process holding them ended: the background sleep too.
            #expect(reason.contains("ran past its 1 s limit"), "\(reason)")
        }
    }

    @Test("a command that prints 100 MB is stopped at the feed size limit")
    func gushingCommand() async throws {
        let scripts = try Scripts()
        let path = try scripts.script("gush", "head -c 104857600 /dev/zero")
        try await withFetcher { http in
            let error = await failure(fetcher(wrapping: http, maxOutputBytes: 2 << 20), "exec:\(path)")
            #expect(error == .tooLarge(limit: 2 << 20))
        }
    }

    @Test("a filter that does not read its input (it exits at once) fails cleanly: Herald is not killed by SIGPIPE")
    func filterThatIgnoresItsInput() async throws {
        let scripts = try Scripts()
        let path = try scripts.script("deaf", "exit 0")
        try await withServer { server, http in
            server.route("/big.xml", .feed(SampleFeeds.wordPressRSS(items: 2000)))
            let response = try await fetcher(wrapping: http).fetch(FetchRequest(url: "filter:\(path):\(server.url("/big.xml"))"))
            #expect(response.body == Data(), "an empty document: the parser will say it is empty")
        }
    }

    @Test("on a shared database no command runs: the feed fails with the reason")
    func sharedDatabaseRunsNothing() async throws {
        let scripts = try Scripts()
        let ran = scripts.folder.appendingPathComponent("ran").path
        let path = try scripts.script("mark", "touch '\(ran)'")
        try await withFetcher { http in
            let error = await failure(fetcher(wrapping: http, runsCommands: false), "exec:\(path)")
            guard case let .scriptFailed(_, reason) = error else {
                Issue.record("expected scriptFailed, got \(String(describing: error))")
                return
            }
            #expect(reason.contains("never from a shared one"), "\(reason)")
            #expect(!FileManager.default.fileExists(atPath: ran))
        }
    }

    @Test("a command inherits nothing of Herald's but its three streams: no open file, no socket")
    func noInheritedDescriptors() async throws {
        let scripts = try Scripts()
        let secret = scripts.folder.appendingPathComponent("secret.db").path
        #expect(FileManager.default.createFile(atPath: secret, contents: Data("x".utf8)))
        let descriptor = open(secret, O_RDWR)   // no O_CLOEXEC, like a careless library's
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        let path = try scripts.script("inventory", "ls -l /proc/$$/fd/ 2>/dev/null; echo done")
        try await withFetcher { http in
            let response = try await fetcher(wrapping: http).fetch(FetchRequest(url: "exec:\(path)"))
            let listing = response.body.map { String(decoding: $0, as: UTF8.self) } ?? ""
            #expect(listing.contains("done"))
            #expect(!listing.contains("secret.db"), "\(listing)")
        }
    }

    @Test("other URLs go to the wrapped fetcher")
    func otherURLsPassThrough() async throws {
        try await withServer { server, http in
            server.route("/feed.xml", .feed(Self.feed))
            let response = try await fetcher(wrapping: http).fetch(FetchRequest(url: server.url("/feed.xml")))
            #expect(response.body.map { String(decoding: $0, as: UTF8.self) } == Self.feed)
        }
    }
}
