import Foundation
import Testing

extension CLISuite {
    /// `herald serve` as a process: it serves the database, refuses an open address without a token,
    /// and stops at once on Ctrl-C even with a page's event stream open.
    @Suite("herald serve")
    struct ServeTests {
        @Test("Given the server with an event stream open, when Ctrl-C arrives, then it exits 0 within two seconds")
        func stopsPromptly() async throws {
            let sandbox = try Sandbox()
            let serve = try sandbox.start(["serve", "--port", "0", "--db", sandbox.database])
            let bound = try #require(try await serve.servedPort(), "serve printed no address: \(serve.stderrSoFar)")
            let page = try Self.get("/", port: bound)
            #expect(page.hasPrefix("HTTP/1.1 200"))
            let events = try Self.open("/events", port: bound)
            defer { close(events) }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(events, &buffer, buffer.count)
            #expect(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self).contains("text/event-stream"))
            let interrupted = ContinuousClock.now
            serve.send(SIGINT)
            let result = await serve.finish(timeout: .seconds(10))
            #expect(result.succeeded, "\(result.summary)")
            #expect(ContinuousClock.now - interrupted < .seconds(8)) // open SSE streams do not hold the exit
        }

        @Test("Given an address beyond loopback and no token, when serve starts, then it refuses with a message that says what to do")
        func refusesOpenAddressWithoutToken() async throws {
            let sandbox = try Sandbox()
            let result = try await sandbox.herald(["serve", "--listen", "0.0.0.0", "--port", "0", "--db", sandbox.database])
            #expect(!result.succeeded)
            #expect(result.stderr.contains("--token"))
        }

        @Test("Given a sync client of herald serve, when it subscribes to a file of the server's machine or discovers one, then Miniflux answers 400 and Google Reader's quickadd no result, each saying why, and nothing is read or added")
        func refusesLocalFilesFromClients() async throws {
            let sandbox = try Sandbox()
            let secret = try sandbox.write(Data("""
                <?xml version="1.0"?><rss version="2.0"><channel><title>Private notes</title><link>https://x.example/</link>
                <item><guid>p1</guid><title>Bank PIN</title></item></channel></rss>
                """.utf8), to: "home/private.xml")
            let password = "a file is not a feed"
            let set = try await sandbox.herald(["user", "password", "alice", "--db", sandbox.database],
                                               stdin: Data((password + "\n").utf8))
            #expect(set.succeeded, "\(set.summary)")
            let serve = try sandbox.start(["serve", "--port", "0", "--db", sandbox.database])
            defer { serve.send(SIGKILL) }
            let port = try #require(try await serve.servedPort(), "serve printed no address: \(serve.stderrSoFar)")
            let alice = SyncEveryoneTests.basic("alice", password)
            let created = try SyncEveryoneTests.request("POST", "/v1/feeds", port: port, headers: alice,
                                                        body: "{\"feed_url\": \"file://\(secret)\"}")
            #expect(created.status == 400)
            #expect(created.body.contains("herald add"), "\(created.body)")
            let discovered = try SyncEveryoneTests.request("POST", "/v1/discover", port: port, headers: alice,
                                                           body: "{\"url\": \"file://\(secret)\"}")
            #expect(discovered.status == 400 && !discovered.body.contains("Private notes"), "\(discovered.body)")
            let login = try SyncEveryoneTests.request("POST", "/accounts/ClientLogin", port: port,
                                                      body: "Email=alice&Passwd=\(password.replacingOccurrences(of: " ", with: "+"))")
            let auth = try #require(login.body.split(separator: "\n").first { $0.hasPrefix("Auth=") }?.dropFirst(5),
                                    "\(login.status) \(login.body)")
            let quickAdd = try SyncEveryoneTests.request("POST", "/reader/api/0/subscription/quickadd", port: port,
                                                         headers: ["Authorization": "GoogleLogin auth=\(auth)"],
                                                         body: "quickadd=file://\(secret)")
            #expect(quickAdd.status == 200 && quickAdd.body.contains("\"numResults\":0"), "\(quickAdd.body)")
            #expect(quickAdd.body.contains("herald add") && !quickAdd.body.contains("Private notes"), "\(quickAdd.body)")
            let feeds = try SyncEveryoneTests.request("GET", "/v1/feeds", port: port, headers: alice)
            #expect(feeds.status == 200 && feeds.body == "[]", "\(feeds.body)")
            serve.send(SIGINT)
            #expect(await serve.finish(timeout: .seconds(10)).succeeded)
        }

        /// A connected socket with a GET for `path` sent.
        static func open(_ path: String, port: Int) throws -> Int32 {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { close(socket); throw POSIXError(.ECONNREFUSED) }
            let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            _ = request.withCString { send(socket, $0, strlen($0), 0) }
            return socket
        }

        /// The first bytes of the answer to a GET.
        static func get(_ path: String, port: Int) throws -> String {
            let socket = try open(path, port: port)
            defer { close(socket) }
            var buffer = [UInt8](repeating: 0, count: 1024)
            let count = read(socket, &buffer, buffer.count)
            return String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self)
        }
    }
}
