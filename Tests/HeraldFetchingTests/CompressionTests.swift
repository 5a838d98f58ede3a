import Foundation
import HeraldDomain
import HeraldFetching
import HeraldTestSupport
import Testing

@Suite("Compression")
struct CompressionTests {
    let xml = SampleFeeds.wordPressRSS(items: 40)

    @Test("a gzip body arrives decompressed", arguments: [CannedResponse.ContentCoding.gzip, .deflate])
    func decompresses(coding: CannedResponse.ContentCoding) async throws {
        try await withServer { server, fetcher in
            let canned = CannedResponse.feed(xml, etag: "\"gz\"").encoded(coding)
            #expect(canned.body.count < xml.utf8.count / 3)
            server.route("/feed.xml", canned)
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/feed.xml")))
            #expect(response.body.map { String(decoding: $0, as: UTF8.self) } == xml)
            #expect(response.etag == "\"gz\"")
        }
    }

    @Test("a decompression bomb beyond the ratio limit is refused as too large")
    func bombIsRefused() async throws {
        try await withServer { server, fetcher in
            let bomb = CannedResponse.feed([UInt8](repeating: 0x20, count: 4_000_000)).encoded(.gzip)
            #expect(bomb.body.count * 40 < 4_000_000)
            server.route("/bomb.xml", bomb)
            let error = await fetcher.failure(fetching: server.url("/bomb.xml"))
            #expect(error == .tooLarge(limit: FetcherConfiguration.default.maxBodyBytes))
        }
    }

    @Test("a compressed body that inflates past the size limit is refused while streaming")
    func inflatedBodyOverLimit() async throws {
        var configuration = FetcherConfiguration.default
        configuration.maxBodyBytes = 16_384
        try await withServer(configuration) { server, fetcher in
            let canned = CannedResponse.feed(xml).encoded(.gzip)
            #expect(canned.body.count < 16_384 && xml.utf8.count > 16_384)
            server.route("/feed.xml", canned)
            let error = await fetcher.failure(fetching: server.url("/feed.xml"))
            #expect(error == .tooLarge(limit: 16_384))
        }
    }

    @Test("every byte value, long-distance repeats and an empty body survive the round trip",
          arguments: [CannedResponse.ContentCoding.gzip, .deflate])
    func binaryRoundTrip(coding: CannedResponse.ContentCoding) async throws {
        var state: UInt32 = 2_463_534_242
        var bytes: [UInt8] = (0..<40_000).map { _ in
            state ^= state << 13; state ^= state >> 17; state ^= state << 5
            return UInt8(truncatingIfNeeded: state)
        }
        bytes += bytes[10_000..<22_000]  // a repeat 30,000 bytes back, near the 32 KiB window edge
        bytes += bytes[51_000..<52_000]  // and one 1,000 bytes back
        try await withServer { server, fetcher in
            let blob = CannedResponse.feed(bytes, contentType: "application/octet-stream").encoded(coding)
            #expect(blob.body.count < 45_000)  // literals alone would take about 56 KB: the repeats matched
            server.route("/blob", blob)
            server.route("/empty", CannedResponse.feed([UInt8]()).encoded(coding))
            let fetched = try await fetcher.fetch(FetchRequest(url: server.url("/blob")))
            let empty = try await fetcher.fetch(FetchRequest(url: server.url("/empty")))
            #expect(fetched.body == Data(bytes))
            #expect(empty.body == Data())
        }
    }
}
