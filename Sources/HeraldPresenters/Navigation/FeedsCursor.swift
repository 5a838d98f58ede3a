import HeraldDomain
import HeraldInteractors

/// One row of the feeds screen as navigation sees it: what it opens, its title and its unread
/// count (a feed's; zero for headings and the built-in lists).
public struct FeedsEntry: Sendable, Hashable {
    /// What the row opens.
    public var item: FeedsItem
    /// The row's title, safe to show.
    public var title: String
    /// Unread articles of a feed or saved search (zero for the other rows).
    public var unreadCount: Int

    /// Creates an entry.
    public init(item: FeedsItem, title: String, unreadCount: Int = 0) {
        self.item = item
        self.title = title
        self.unreadCount = unreadCount
    }
}

/// The selection of the feeds screen, kept by what it is on (so it stays on the same feed when
/// counts reload and rows move) and by its row (for when that feed is gone). Every front end with a
/// cursor on the feeds screen drives this one model: moving, jumping to the next or previous
/// feed with unread articles, and what Enter opens.
public struct FeedsCursor: Sendable, Hashable {
    /// What the cursor is on, once it moved.
    public private(set) var item: FeedsItem?
    /// The row it was last on.
    public private(set) var lastRow = 0

    /// A cursor on the first row.
    public init() {}

    /// A cursor on `item`'s row among `entries` (on the first row when no row opens it): where a
    /// front end without a kept selection starts, such as a web page of one feed's articles.
    public init(on item: FeedsItem, in entries: [FeedsEntry]) {
        if let row = entries.firstIndex(where: { $0.item == item }) { select(row, in: entries) }
    }

    /// The rows of the screen in order: the three built-in lists, each tag's heading and feeds,
    /// then the saved searches, and last the hidden articles when rules hid any.
    public static func entries(of content: FeedsContent) -> [FeedsEntry] {
        var entries = [FeedsEntry(item: .all, title: "All articles"), FeedsEntry(item: .unread, title: "Unread"),
                       FeedsEntry(item: .starred, title: "Starred")]
        for group in content.groups {
            entries.append(FeedsEntry(item: .tag(group.tag), title: group.title))
            entries += group.rows.map { FeedsEntry(item: .feed($0.id), title: $0.title, unreadCount: $0.unreadCount) }
        }
        entries += content.savedSearches.map {
            FeedsEntry(item: .savedSearch($0.id), title: $0.name, unreadCount: $0.unreadCount)
        }
        if let hidden = content.hidden { entries.append(FeedsEntry(item: .hidden, title: hidden.title)) }
        return entries
    }

    /// The row the cursor is on among `entries`: its item's row, else its last row (clamped).
    public func row(in entries: [FeedsEntry]) -> Int {
        if let item, let index = entries.firstIndex(where: { $0.item == item }) { return index }
        return Self.clamp(lastRow, count: entries.count)
    }

    /// The entry under the cursor, if there are rows.
    public func selection(in entries: [FeedsEntry]) -> FeedsEntry? {
        entries.isEmpty ? nil : entries[row(in: entries)]
    }

    /// Moves by `delta` rows (negative is up), stopping at the first and last.
    public mutating func move(by delta: Int, in entries: [FeedsEntry]) {
        guard !entries.isEmpty else { return }
        let target = Self.clamp(row(in: entries) &+ delta, count: entries.count)
        select(target, in: entries)
    }

    /// Moves to the next (or previous) feed with unread articles, past the last (first) one round
    /// to the first (last), as newsboat's `next-unread-feed` does.
    /// - Returns: False, without moving, when no other feed has unread articles.
    public mutating func moveToUnreadFeed(_ direction: UnreadDirection, in entries: [FeedsEntry]) -> Bool {
        guard !entries.isEmpty else { return false }
        let start = row(in: entries)
        let after = Array(entries.indices.dropFirst(start + 1)), before = Array(entries.indices.prefix(start))
        let order = direction == .next ? after + before : before.reversed() + after.reversed()
        guard let found = order.first(where: { index in
            if case .feed = entries[index].item { entries[index].unreadCount > 0 } else { false }
        }) else { return false }
        select(found, in: entries)
        return true
    }

    private mutating func select(_ row: Int, in entries: [FeedsEntry]) {
        lastRow = row
        item = entries[row].item
    }

    /// `value` within `0..<count` (0 when there are no rows).
    static func clamp(_ value: Int, count: Int) -> Int { max(0, min(value, count - 1)) }
}
