/// A cursor over a paged list of rows (search results, an article list's selection): moving
/// stops at the ends, and the next page is wanted when the cursor comes near the last loaded row.
public struct ListCursor: Sendable, Hashable {
    /// The row the cursor is on.
    public private(set) var row: Int

    /// A cursor on `row`.
    public init(row: Int = 0) {
        self.row = row
    }

    /// The row `delta` rows away from `row` among `count` rows, stopping at the first and last.
    public static func target(from row: Int, by delta: Int, count: Int) -> Int {
        max(0, min(row &+ delta, count - 1))
    }

    /// Moves by `delta` rows among `count`.
    public mutating func move(by delta: Int, count: Int) {
        row = Self.target(from: row, by: delta, count: count)
    }

    /// The row under the cursor among `count` rows (the list may have shrunk since it moved).
    public func clamped(count: Int) -> Int {
        Self.target(from: row, by: 0, count: count)
    }

    /// Whether a list with more rows to load should load its next page with the cursor on `row`:
    /// when fewer than `lookahead` loaded rows are left below it.
    public static func wantsNextPage(at row: Int, count: Int, hasMore: Bool, lookahead: Int) -> Bool {
        hasMore && row >= count - lookahead
    }
}
