import Foundation
import HeraldDomain
@testable import HeraldFetching
import HeraldPorts
import HeraldTestSupport
import NIOSSL
import Testing

@Suite("Enclosures from a feed elsewhere reach no private address, redirects included")
struct EnclosureAddressTests {
    /// Names resolved as the test says; 127.0.0.1 stands in for a public address when `public`
    /// says so (no test may reach another machine), every other private range stays private.
    private static func screen(_ answers: [String: [UInt8]], loopbackIsPublic: Bool) -> AddressScreen {
        AddressScreen(resolve: { name in answers[name].map { [$0] } ?? (name == "127.0.0.1" ? [[127, 0, 0, 1]] : []) },
                      isPrivate: { $0 == [127, 0, 0, 1] ? !loopbackIsPublic : PublicAddresses.isPrivate($0) })
    }

    private static func transfer(_ url: String, in folder: String) -> EnclosureTransfer {
        EnclosureTransfer(url: url, partialPath: folder + "/ep.mp3.part", finalPath: folder + "/ep.mp3", validator: nil,
                          maxBytes: 1_000_000, refusesPrivateAddresses: true)
    }

    private static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "herald-enclosure-address-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("""
        Given a public name, when downloaded, then plain http connects to the address checked with the name in Host; \
        given a private host, or a redirect to one, then nothing is requested from it and the error names it
        """)
    func privateHostsAndRedirectsAreRefused() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await LocalHTTPServer.start()
        let body = [UInt8](repeating: 7, count: 5_000)
        server.route("/ep.mp3", .feed(body, contentType: "audio/mpeg"))
        server.route("/hop", .redirect(to: "http://intranet.test:\(server.port)/ep.mp3", status: 302))
        let answers: [String: [UInt8]] = ["media.test": [127, 0, 0, 1], "intranet.test": [10, 1, 2, 3]]

        let pinned = HTTPEnclosureDownloader(perHost: 1, userAgent: "test", stallTimeout: .seconds(10),
                                             screen: Self.screen(answers, loopbackIsPublic: true))
        let size = try await pinned.download(Self.transfer("http://media.test:\(server.port)/ep.mp3", in: folder)) { _ in }
        #expect(size == 5_000)
        #expect(server.lastRequest(for: "/ep.mp3")?.header("Host") == "media.test:\(server.port)")

        await #expect(throws: DownloadError.privateAddress(host: "intranet.test")) {
            try await pinned.download(Self.transfer("http://media.test:\(server.port)/hop", in: folder)) { _ in }
        }
        #expect(server.requestCount(for: "/hop") == 1 && server.requestCount(for: "/ep.mp3") == 1,
                "the redirect was judged before it was followed")
        await pinned.shutdown()

        let strict = HTTPEnclosureDownloader(perHost: 1, userAgent: "test", stallTimeout: .seconds(10),
                                             screen: Self.screen(answers, loopbackIsPublic: false))
        await #expect(throws: DownloadError.privateAddress(host: "127.0.0.1")) {
            try await strict.download(Self.transfer(server.url("/ep.mp3"), in: folder)) { _ in }
        }
        #expect(server.requestCount(for: "/ep.mp3") == 1, "a private host gets no request")
        await strict.shutdown()
        try await server.shutdown()
    }

    @Test("""
        Given an https name that resolves nowhere but the screen's check, when downloaded through a \
        redirect to another https name, then each hop connects to its checked address with TLS naming \
        the host
        """)
    func httpsHopsConnectToTheCheckedAddress() async throws {
        let certificate: LocalCertificate
        do {
            certificate = try LocalCertificate.make(for: ["media.test", "cdn.test"])
        } catch {
            print("skipped: \(error)")
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("CI must run the https test: \(error)") }
            return
        }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await LocalHTTPServer.start(tls: certificate)
        let body = [UInt8](repeating: 9, count: 7_000)
        server.route("/ep.mp3", .feed(body, contentType: "audio/mpeg"))
        server.route("/hop", .redirect(to: "https://cdn.test:\(server.port)/ep.mp3", status: 302))
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = try certificate.trustRoots()
        // Neither name resolves on this machine: only the checked address reaches the server.
        let downloader = HTTPEnclosureDownloader(
            perHost: 1, userAgent: "test", stallTimeout: .seconds(10),
            screen: Self.screen(["media.test": [127, 0, 0, 1], "cdn.test": [127, 0, 0, 1]], loopbackIsPublic: true), tls: tls)
        var size: Int64?
        do {
            size = try await downloader.download(Self.transfer("https://media.test:\(server.port)/hop", in: folder)) { _ in }
        } catch {
            Issue.record("the pinned https download failed: \(error)")
        }
        #expect(size == 7_000)
        #expect(server.lastRequest(for: "/ep.mp3")?.header("Host") == "cdn.test:\(server.port)")
        #expect((try? Data(contentsOf: URL(fileURLWithPath: folder + "/ep.mp3")).count) == 7_000)
        await downloader.shutdown()
        try await server.shutdown()
    }
}
