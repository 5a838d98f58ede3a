import HeraldDomain
import HeraldInteractors
import HeraldPresenters
import Testing

@Suite("The navigation model: the feeds cursor, list cursors and the typed line")
struct NavigationModelTests {
    static func row(_ id: Int64, _ title: String, unread: Int) -> FeedRowViewModel {
        FeedRowViewModel(id: FeedID(id), title: title, unreadCount: unread, unreadLabel: "\(unread)", health: .healthy)
    }

    /// All articles, Unread, Starred, #news, Harbour (2), City (0), #town, Market (5), ? Saved.
    static let content = FeedsContent(
        summary: "3 feeds",
        groups: [
            FeedGroupViewModel(title: "news", tag: "news", unreadLabel: "2", rows: [row(1, "Harbour", unread: 2), row(2, "City", unread: 0)]),
            FeedGroupViewModel(title: "town", tag: "town", unreadLabel: "5", rows: [row(3, "Market", unread: 5)]),
        ],
        savedSearches: [SavedSearchRowViewModel(id: SavedSearchID(9), name: "Ferries", query: "ferry", unreadCount: 1, unreadLabel: "1")])

    @Test("the rows are the built-in lists, each tag's heading and feeds, then the saved searches, with what each opens")
    func entries() {
        let entries = FeedsCursor.entries(of: Self.content)
        #expect(entries.map(\.title) == ["All articles", "Unread", "Starred", "news", "Harbour", "City", "town", "Market", "Ferries"])
        #expect(entries[4].item == .feed(FeedID(1)) && entries[4].unreadCount == 2)
        #expect(entries[3].item.filter == ArticleFilter(scope: .tag("news")))
        #expect(FeedsItem.tag(nil).filter == nil, "Untagged opens nothing")
        #expect(entries[8].item == .savedSearch(SavedSearchID(9)))
    }

    @Test("moving stops at the ends; the cursor stays on its feed when rows move and falls back to its row when the feed is gone")
    func movingAndReloading() {
        var entries = FeedsCursor.entries(of: Self.content)
        var cursor = FeedsCursor()
        #expect(cursor.row(in: entries) == 0)
        cursor.move(by: -3, in: entries)
        #expect(cursor.row(in: entries) == 0)
        cursor.move(by: 5, in: entries)
        #expect(cursor.selection(in: entries)?.title == "City")
        cursor.move(by: Int.max / 2, in: entries)
        #expect(cursor.selection(in: entries)?.title == "Ferries")
        cursor.move(by: -3, in: entries)
        #expect(cursor.selection(in: entries)?.item == .feed(FeedID(2)))
        // A feed is added above: the cursor follows City to its new row.
        var grown = Self.content
        grown.groups[0].rows.insert(Self.row(7, "Airport", unread: 1), at: 0)
        entries = FeedsCursor.entries(of: grown)
        #expect(cursor.selection(in: entries)?.title == "City")
        // City is removed: the cursor keeps its row.
        var shrunk = Self.content
        shrunk.groups[0].rows.removeLast()
        entries = FeedsCursor.entries(of: shrunk)
        #expect(cursor.row(in: entries) == 5)
        #expect(cursor.selection(in: entries)?.title == "town")
        #expect(FeedsCursor().selection(in: []) == nil)
    }

    @Test("next and previous unread feed skip read feeds, headings and saved searches, go round past the ends (as newsboat), and say when there is none")
    func unreadFeeds() {
        let entries = FeedsCursor.entries(of: Self.content)
        var cursor = FeedsCursor()
        let moved1 = cursor.moveToUnreadFeed(.next, in: entries)
        #expect(moved1)
        #expect(cursor.selection(in: entries)?.title == "Harbour")
        let moved2 = cursor.moveToUnreadFeed(.next, in: entries)
        #expect(moved2)
        #expect(cursor.selection(in: entries)?.title == "Market", "City has nothing unread")
        let moved3 = cursor.moveToUnreadFeed(.next, in: entries)
        #expect(moved3)
        #expect(cursor.selection(in: entries)?.title == "Harbour", "round to the first; the saved search is not a feed")
        let moved4 = cursor.moveToUnreadFeed(.previous, in: entries)
        #expect(moved4)
        #expect(cursor.selection(in: entries)?.title == "Market", "round to the last")
        var alone = Self.content
        alone.groups[1].rows[0] = Self.row(3, "Market", unread: 0)
        let single = FeedsCursor.entries(of: alone)
        var only = FeedsCursor()
        let first = only.moveToUnreadFeed(.next, in: single)
        #expect(first)
        #expect(only.selection(in: single)?.title == "Harbour")
        let moved5 = only.moveToUnreadFeed(.next, in: single)
        #expect(!moved5, "no other feed has unread articles")
        #expect(only.selection(in: single)?.title == "Harbour", "no move when there is none")
    }

    @Test("a list cursor stops at the ends and wants the next page near the last loaded row")
    func listCursor() {
        var cursor = ListCursor()
        cursor.move(by: -1, count: 10)
        #expect(cursor.row == 0)
        cursor.move(by: 25, count: 10)
        #expect(cursor.row == 9)
        #expect(cursor.clamped(count: 4) == 3)
        #expect(ListCursor.target(from: 3, by: 2, count: 0) == 0)
        #expect(ListCursor.wantsNextPage(at: 8, count: 10, hasMore: true, lookahead: 3))
        #expect(!ListCursor.wantsNextPage(at: 6, count: 10, hasMore: true, lookahead: 3))
        #expect(!ListCursor.wantsNextPage(at: 9, count: 10, hasMore: false, lookahead: 3))
    }

    @Test("a typed line: characters append, Backspace on empty leaves, Escape leaves, Enter submits, a link number takes digits only")
    func lineInput() {
        var search = LineInput(.search)
        #expect(search.prompt == "Search: ")
        for character in "ferry" {
            let outcome = search.apply(.type(character))
            #expect(outcome == .editing)
        }
        let outcome6 = search.apply(.deleteBackward)
        #expect(outcome6 == .editing)
        #expect(search.text == "ferr")
        let outcome7 = search.apply(.submit)
        #expect(outcome7 == .submitted("ferr"))
        let outcome8 = search.apply(.cancel)
        #expect(outcome8 == .cancelled)
        var empty = LineInput(.search)
        let outcome9 = empty.apply(.deleteBackward)
        #expect(outcome9 == .cancelled)
        var link = LineInput(.link, text: "1")
        #expect(link.prompt == "Open link: ")
        let outcome10 = link.apply(.type("x"))
        #expect(outcome10 == .editing)
        let outcome11 = link.apply(.type("2"))
        #expect(outcome11 == .editing)
        let outcome12 = link.apply(.submit)
        #expect(outcome12 == .submitted("12"))
    }
}
