import Foundation
import HeraldDomain
import HeraldStore

/// A hidden mode for the store's crash and concurrency tests: writes feeds to `--db` in a loop,
/// one transaction each, and prints `committed <feed id> <article count>` after every commit.
/// The tests kill it with SIGKILL at random moments and check that every reported feed is intact.
enum StoreWriterChild {
    static func run(_ arguments: [String]) async {
        guard let path = value(of: "--db", in: arguments) else { fail("store-writer needs --db PATH") }
        let feedLimit = value(of: "--feeds", in: arguments).flatMap { Int($0) } ?? Int.max
        let itemCount = value(of: "--items", in: arguments).flatMap { Int($0) } ?? 40
        let run = ProcessInfo.processInfo.processIdentifier
        do {
            let store = try SQLiteStore(path: path)
            var index = 0
            while index < feedLimit {
                let url = "https://writer.example.org/\(run)/\(index).xml"
                let feed = try await store.addFeed(NewFeed(url: url), at: Date()).feed
                let parsed = ParsedFeed(format: .atom, version: "1.0", plainTitle: "Writer \(run) feed \(index)",
                                        items: items(count: itemCount, feed: feed.id))
                let outcome = try await store.saveFetchedFeed(parsed, fetchState: FetchState(lastSuccessAt: Date()),
                                                              for: feed.id, at: Date())
                FileHandle.standardOutput.write(Data("committed \(feed.id) \(outcome.inserted)\n".utf8))
                index += 1
            }
        } catch {
            fail(error.message)
        }
    }

    /// The items written for a feed; the tests recompute the titles to check them.
    static func items(count: Int, feed: FeedID) -> [ParsedItem] {
        (0..<count).map { number in
            let title = "Feed \(feed) item \(number)"
            return ParsedItem(identity: "urn:writer:\(feed):\(number)", title: TextConstruct(type: .text, value: title),
                              plainTitle: title, published: Date(timeIntervalSince1970: 1_750_000_000 + Double(number)),
                              content: TextConstruct(type: .html, value: "<p>Paragraph \(number) of a long story about durability and crash safety.</p>"))
        }
    }

    private static func value(of flag: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("store-writer: \(message)\n".utf8))
        exit(1)
    }
}

private extension Error {
    var message: String { (self as? StoreError)?.message ?? String(describing: self) }
}
