import Foundation
import HeraldDomain
import HeraldFetching
import Testing

@Suite("file:// feeds")
final class FileFeedTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    @Test("a file is read with no network, and is not modified while its date is unchanged")
    func readsFile() async throws {
        let xml = SampleFeeds.wordPressRSS(items: 4)
        let file = folder.appendingPathComponent("bundled feed.rss")
        try Data(xml.utf8).write(to: file)
        try await withFetcher { fetcher in
            let first = try await fetcher.fetch(FetchRequest(url: file.absoluteString))
            guard case let .content(data, contentType, _) = first.outcome else {
                Issue.record("expected content")
                return
            }
            #expect(String(decoding: data, as: UTF8.self) == xml)
            #expect(contentType == "application/rss+xml")
            let lastModified = try #require(first.lastModified)
            #expect(lastModified.hasSuffix(" GMT"))
            let second = try await fetcher.fetch(FetchRequest(url: file.absoluteString, lastModified: lastModified))
            #expect(second.outcome == .notModified)
        }
    }

    @Test("a missing file or a folder is unreadable, with the path and why")
    func missingFile() async throws {
        let missing = folder.appendingPathComponent("gone.xml")
        try await withFetcher { fetcher in
            #expect(await fetcher.failure(fetching: missing.absoluteString)
                == .fileUnreadable(path: missing.path, reason: "the file does not exist"))
            #expect(await fetcher.failure(fetching: folder.absoluteString)
                == .fileUnreadable(path: folder.path, reason: "it is a folder, not a file"))
        }
    }

    @Test("a file over the size limit is refused")
    func fileTooLarge() async throws {
        let file = folder.appendingPathComponent("huge.xml")
        try Data(repeating: 0x20, count: 10_000).write(to: file)
        try await withFetcher(FetcherConfiguration(maxBodyBytes: 5_000)) { fetcher in
            #expect(await fetcher.failure(fetching: file.absoluteString) == .tooLarge(limit: 5_000))
        }
    }
}
