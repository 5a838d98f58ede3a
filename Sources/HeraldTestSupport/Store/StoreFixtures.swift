import Foundation
import HeraldDomain

/// Real-shaped parsed items and feeds for the store tests of every backend; each test target extends
/// it with the helpers that need its own store type.
public enum StoreFixtures {
    /// The date the fixtures are stored and published at.
    public static let epoch = Date(timeIntervalSince1970: 1_750_000_000)

    /// An item with a link, an author, an HTML body and a category.
    public static func item(_ identity: String, title: String, body: String = "<p>Body</p>", published: Date? = epoch,
                            updated: Date? = nil, author: String? = "Ada Lovelace") -> ParsedItem {
        ParsedItem(identity: identity, id: identity, title: TextConstruct(type: .text, value: title), plainTitle: title,
                   links: [Link(href: "https://news.example.org/\(identity)", rel: "alternate")],
                   authors: author.map { [Person(name: $0)] } ?? [], published: published, updated: updated,
                   summary: nil, content: TextConstruct(type: .html, value: body),
                   categories: [Category(term: "science")])
    }

    /// An RSS feed of `items`.
    public static func feed(_ items: [ParsedItem], title: String = "Example News") -> ParsedFeed {
        ParsedFeed(format: .rss, version: "2.0", title: TextConstruct(type: .text, value: title), plainTitle: title,
                   links: [Link(href: "https://news.example.org/", rel: "alternate")], items: items)
    }
}

/// The first change a stream reports that satisfies `condition`, or `nil` after `timeout`.
public func firstChange(in stream: AsyncStream<StoreChanges>, within timeout: Duration,
                        where condition: @escaping @Sendable (StoreChanges) -> Bool) async -> StoreChanges? {
    await withTaskGroup(of: StoreChanges?.self) { group in
        group.addTask {
            for await change in stream where condition(change) { return change }
            return nil
        }
        group.addTask {
            try? await Task.sleep(for: timeout)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}
