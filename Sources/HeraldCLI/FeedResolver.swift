import ArgumentParser
import Herald

/// Finds the feed a user named on the command line: by id, URL, or (unique) title.
enum FeedResolver {
    /// The feed named by `text` (the facade's lookup: id, URL or title).
    /// - Throws: ``HeraldError/notFound(_:)`` with the candidates when nothing or several match.
    static func resolve(_ text: String, in herald: Herald) async throws(HeraldError) -> Feed {
        try await herald.feed(named: text)
    }

    /// The filter the list and search options describe.
    static func filter(feed: String?, tag: String?, savedSearch: Int64?, unread: Bool, starred: Bool,
                       hidden: Bool = false, in herald: Herald) async throws(HeraldError) -> ArticleFilter {
        var scope = ArticleScope.all
        if hidden { scope = .hidden }
        if let feed { scope = .feed(try await resolve(feed, in: herald).id) }
        if let tag { scope = .tag(tag) }
        if let savedSearch { scope = .savedSearch(SavedSearchID(savedSearch)) }
        return ArticleFilter(scope: scope, unreadOnly: unread, starredOnly: starred)
    }
}

/// Options that restrict a list or a search.
struct FilterOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Only this feed (id, URL or title).", valueName: "feed"))
    var feed: String?
    @Option(help: ArgumentHelp("Only feeds with this tag.", valueName: "tag"))
    var tag: String?
    @Option(name: .customLong("saved"), help: ArgumentHelp("Only articles of this saved search (id).", valueName: "id"))
    var savedSearch: Int64?
    @Flag(help: "Only unread articles.")
    var unread = false
    @Flag(help: "Only starred articles.")
    var starred = false
    @Flag(help: "Only the articles rules hid (every other list leaves them out).")
    var hidden = false

    /// Refuses two scopes at once.
    func validate() throws {
        let scopes = [feed != nil, tag != nil, savedSearch != nil, hidden].filter { $0 }.count
        guard scopes <= 1 else { throw ValidationError("Give one of --feed, --tag, --saved and --hidden.") }
    }

    /// Resolves the options into a filter.
    func filter(in herald: Herald) async throws(HeraldError) -> ArticleFilter {
        try await FeedResolver.filter(feed: feed, tag: tag, savedSearch: savedSearch, unread: unread,
                                      starred: starred, hidden: hidden, in: herald)
    }
}
