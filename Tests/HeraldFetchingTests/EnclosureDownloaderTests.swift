import Foundation
import HeraldDomain
import HeraldFetching
import HeraldPorts
import HeraldTestSupport
import Testing

@Suite("Enclosure downloads over HTTP, against a server on 127.0.0.1")
struct EnclosureDownloaderTests {
    static let body: [UInt8] = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }

    private static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "herald-enclosures-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private static func transfer(_ url: String, in folder: String, validator: String? = nil,
                                 maxBytes: Int64 = 10_000_000) -> EnclosureTransfer {
        EnclosureTransfer(url: url, partialPath: folder + "/show/ep.mp3.part", finalPath: folder + "/show/ep.mp3",
                          validator: validator, maxBytes: maxBytes)
    }

    @Test("A redirect to the media host is followed; the file lands whole at its final path with the server's ETag kept")
    func redirectThenWholeFile() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await LocalHTTPServer.start()
        server.route("/episode", .redirect(to: server.url("/cdn/ep.mp3"), status: 302))
        server.route(prefix: "/cdn/") { CannedResponse.ranged(Self.body, for: $0, etag: "\"abc\"") }
        let downloader = HTTPEnclosureDownloader(perHost: 1)
        let validator = ValidatorBox()
        let size = try await downloader.download(Self.transfer(server.url("/episode"), in: folder)) { step in
            if case let .began(_, _, value) = step { validator.set(value) }
        }
        #expect(size == Int64(Self.body.count))
        #expect(FileManager.default.contents(atPath: folder + "/show/ep.mp3").map(Array.init) == Self.body)
        #expect(!FileManager.default.fileExists(atPath: folder + "/show/ep.mp3.part"))
        #expect(validator.value == "\"abc\"")
        #expect(server.lastRequest(for: "/cdn/ep.mp3")?.header("User-Agent")?.hasPrefix("Herald/") == true)
        await downloader.shutdown()
        try await server.shutdown()
    }

    @Test("A file larger than the limit is refused before its body, by its Content-Length, and never reaches its final path")
    func sizeLimit() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await LocalHTTPServer.start()
        server.route(prefix: "/cdn/") { CannedResponse.ranged(Self.body, for: $0, etag: "\"abc\"") }
        let downloader = HTTPEnclosureDownloader()
        await #expect(throws: DownloadError.tooLarge(limit: 100_000)) {
            try await downloader.download(Self.transfer(server.url("/cdn/ep.mp3"), in: folder, maxBytes: 100_000)) { _ in }
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/show/ep.mp3"))
        await downloader.shutdown()
        try await server.shutdown()
    }

    @Test("A partial file that was already complete gets 416 with the size, and is finished without a byte more")
    func completePartialFile() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/show", withIntermediateDirectories: true)
        try Data(Self.body).write(to: URL(fileURLWithPath: folder + "/show/ep.mp3.part"))
        let server = try await LocalHTTPServer.start()
        server.route(prefix: "/cdn/") { CannedResponse.ranged(Self.body, for: $0, etag: "\"abc\"") }
        let downloader = HTTPEnclosureDownloader()
        let size = try await downloader.download(Self.transfer(server.url("/cdn/ep.mp3"), in: folder, validator: "\"abc\"")) { _ in }
        #expect(size == Int64(Self.body.count))
        #expect(server.lastRequest(for: "/cdn/ep.mp3")?.header("Range") == "bytes=\(Self.body.count)-")
        #expect(FileManager.default.contents(atPath: folder + "/show/ep.mp3").map(Array.init) == Self.body)
        await downloader.shutdown()
        try await server.shutdown()
    }

    @Test("An error status is a typed failure that leaves no file; a file:// enclosure is copied")
    func statusAndLocalFile() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await LocalHTTPServer.start()
        server.route("/gone.mp3", .error(410))
        let downloader = HTTPEnclosureDownloader()
        await #expect(throws: DownloadError.httpStatus(410)) {
            try await downloader.download(Self.transfer(server.url("/gone.mp3"), in: folder)) { _ in }
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/show/ep.mp3"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/show/ep.mp3.part"), "no empty partial file is left")
        let source = folder + "/local.mp3"
        try Data(Self.body).write(to: URL(fileURLWithPath: source))
        let size = try await downloader.download(Self.transfer("file://" + source, in: folder)) { _ in }
        #expect(size == Int64(Self.body.count))
        #expect(FileManager.default.contents(atPath: folder + "/show/ep.mp3").map(Array.init) == Self.body)
        await #expect(throws: DownloadError.invalidURL("gopher://old.example/ep.mp3")) {
            try await downloader.download(Self.transfer("gopher://old.example/ep.mp3", in: folder)) { _ in }
        }
        await downloader.shutdown()
        try await server.shutdown()
    }

    @Test("A 206 for the whole file to a request without Range is the file; a range Herald did not ask for fails once, never loops")
    func unaskedRanges() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await LocalHTTPServer.start()
        server.route("/whole.mp3", CannedResponse(status: 206, headers: [("Content-Range", "bytes 0-\(Self.body.count - 1)/\(Self.body.count)")],
                                                  body: Self.body))
        server.route("/odd.mp3", CannedResponse(status: 206, headers: [("Content-Range", "bytes 100-199/300000")],
                                                body: Array(Self.body[100..<200])))
        let downloader = HTTPEnclosureDownloader()
        let size = try await downloader.download(Self.transfer(server.url("/whole.mp3"), in: folder)) { _ in }
        #expect(size == Int64(Self.body.count))
        await #expect(throws: DownloadError.self) {
            try await downloader.download(Self.transfer(server.url("/odd.mp3"), in: folder)) { _ in }
        }
        #expect(server.requestCount(for: "/odd.mp3") == 1)
        await downloader.shutdown()
        try await server.shutdown()
    }

    @Test("A local file must be a regular file (never a device), and a link at the partial file's place is not followed")
    func localFilesAndLinks() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let downloader = HTTPEnclosureDownloader()
        await #expect(throws: DownloadError.self) {
            try await downloader.download(Self.transfer("file:///dev/zero", in: folder)) { _ in }
        }
        try FileManager.default.createDirectory(atPath: folder + "/show", withIntermediateDirectories: true)
        let victim = folder + "/victim.txt"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: victim))
        try FileManager.default.createSymbolicLink(atPath: folder + "/show/ep.mp3.part", withDestinationPath: victim)
        let source = folder + "/local.mp3"
        try Data(Self.body).write(to: URL(fileURLWithPath: source))
        await #expect(throws: DownloadError.self) {
            try await downloader.download(Self.transfer("file://" + source, in: folder)) { _ in }
        }
        #expect(FileManager.default.contents(atPath: victim) == Data("keep me".utf8))
        #expect(downloader.occupies(folder + "/show/ep.mp3"), "a partial file (here a link) takes the name")
        await downloader.shutdown()
    }
}

/// The validator a transfer reported.
private final class ValidatorBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String?
    func set(_ value: String?) { lock.withLock { stored = value } }
    var value: String? { lock.withLock { stored } }
}
