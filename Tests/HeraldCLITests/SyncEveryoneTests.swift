import Foundation
import HeraldTestSupport
import Testing

extension CLISuite {
    /// `herald serve --everyone` on PostgreSQL: one server for a family, each person's sync clients
    /// signed in to their own news; without the flag, a server for one person refuses the others.
    @Suite("Sync for everyone on PostgreSQL", .enabled(if: TestPostgres.url != nil, "HERALD_TEST_POSTGRES_URL is not set"))
    struct SyncEveryoneTests {
        /// One HTTP/1.1 exchange on 127.0.0.1 (`Connection: close`): the status and the body.
        static func request(_ method: String, _ path: String, port: Int, headers: [String: String] = [:],
                            body: String = "") throws -> (status: Int, body: String) {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(socket) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
            var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            if !body.isEmpty { head += "Content-Type: application/x-www-form-urlencoded\r\n" }
            head += "Content-Length: \(body.utf8.count)\r\n\r\n" + body
            _ = head.withCString { send(socket, $0, strlen($0), 0) }
            var received = Data()
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(socket, &buffer, buffer.count)
                if count <= 0 { break }
                received.append(contentsOf: buffer[0..<count])
            }
            let text = String(decoding: received, as: UTF8.self)
            let status = Int(text.split(separator: " ", maxSplits: 2).dropFirst().first ?? "") ?? 0
            let bodyStart = text.range(of: "\r\n\r\n").map { text[$0.upperBound...] } ?? ""
            return (status, String(bodyStart))
        }

        static func basic(_ name: String, _ password: String) -> [String: String] {
            ["Authorization": "Basic " + Data("\(name):\(password)".utf8).base64EncodedString()]
        }

        @Test("each person's Miniflux and Google Reader clients see their own feeds; wrong and unknown people are refused; a one-person server refuses the others")
        func everyoneSignsInToTheirOwnNews() async throws {
            let sandbox = try Sandbox(database: try TestPostgres.freshDatabase())
            try await withServer { server in
                server.route("/harbour.xml", .feed(NewsFeed.rss(title: "Harbour Gazette", site: server.url("/"), items: [
                    NewsItem(guid: "h1", title: "Ferry", link: server.url("/h1"), date: "Fri, 20 Nov 2026 08:00:00 +0000", html: "<p>F.</p>"),
                ])))
                server.route("/city.xml", .feed(NewsFeed.rss(title: "City Courier", site: server.url("/"), items: [
                    NewsItem(guid: "c1", title: "Tram", link: server.url("/c1"), date: "Fri, 20 Nov 2026 09:00:00 +0000", html: "<p>T.</p>"),
                ])))
                let people = [("alice", "alice-secret-1", "/harbour.xml"), ("bob", "bob-secret-22", "/city.xml")]
                for (name, password, feed) in people {
                    #expect(try await sandbox.herald(["user", "add", name, "--db", sandbox.database]).succeeded)
                    #expect(try await sandbox.herald(db: "add", server.url(feed), "--user", name).succeeded)
                    let set = try await sandbox.herald(["user", "password", name, "--db", sandbox.database],
                                                       stdin: Data((password + "\n").utf8))
                    #expect(set.succeeded, "\(set.summary)")
                }

                let serve = try sandbox.start(["serve", "--everyone", "--user", "alice", "--port", "0", "--db", sandbox.database])
                defer { serve.send(SIGKILL) }
                let port = try #require(try await serve.servedPort(), "serve printed no address: \(serve.stderrSoFar)")
                let alice = try Self.request("GET", "/v1/feeds", port: port, headers: Self.basic("alice", "alice-secret-1"))
                #expect(alice.status == 200 && alice.body.contains("Harbour Gazette") && !alice.body.contains("City Courier"),
                        "\(alice)")
                let bob = try Self.request("GET", "/v1/feeds", port: port, headers: Self.basic("bob", "bob-secret-22"))
                #expect(bob.status == 200 && bob.body.contains("City Courier") && !bob.body.contains("Harbour Gazette"), "\(bob)")
                let me = try Self.request("GET", "/v1/me", port: port, headers: Self.basic("bob", "bob-secret-22"))
                #expect(me.body.contains("\"username\":\"bob\""), "\(me)")
                #expect(try Self.request("GET", "/v1/feeds", port: port, headers: Self.basic("bob", "alice-secret-1")).status == 401)
                #expect(try Self.request("GET", "/v1/feeds", port: port, headers: Self.basic("carol", "anything")).status == 401)

                // Google Reader: bob's session token reaches bob's engine.
                let login = try Self.request("POST", "/accounts/ClientLogin", port: port, body: "Email=bob&Passwd=bob-secret-22")
                let token = try #require(login.body.split(separator: "\n").first { $0.hasPrefix("Auth=") }?.dropFirst(5),
                                         "\(login)")
                let list = try Self.request("GET", "/reader/api/0/subscription/list?output=json", port: port,
                                            headers: ["Authorization": "GoogleLogin auth=\(token)"])
                #expect(list.status == 200 && list.body.contains("City Courier") && !list.body.contains("Harbour Gazette"), "\(list)")
                serve.send(SIGINT)
                #expect(await serve.finish(timeout: .seconds(10)).succeeded)

                // A server for alice alone refuses bob.
                let single = try sandbox.start(["serve", "--user", "alice", "--port", "0", "--db", sandbox.database])
                defer { single.send(SIGKILL) }
                let singlePort = try #require(try await single.servedPort(), "serve printed no address: \(single.stderrSoFar)")
                #expect(try Self.request("GET", "/v1/feeds", port: singlePort, headers: Self.basic("bob", "bob-secret-22")).status == 401)
                #expect(try Self.request("GET", "/v1/feeds", port: singlePort, headers: Self.basic("alice", "alice-secret-1")).status == 200)
                single.send(SIGINT)
                _ = await single.finish(timeout: .seconds(10))
            }
        }

        @Test("--everyone on SQLite says it needs a shared database")
        func everyoneNeedsPostgres() async throws {
            let sandbox = try Sandbox()
            let result = try await sandbox.herald(["serve", "--everyone", "--port", "0", "--db", sandbox.database])
            #expect(!result.succeeded && result.stderr.contains("--everyone serves the people of a shared PostgreSQL database"),
                    "\(result.summary)")
        }
    }
}
