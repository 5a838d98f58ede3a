import Foundation
import GRDBSQLite
import HeraldDomain
import HeraldPorts

/// Reads a newsboat folder: `urls` (subscriptions, `query:` feeds, script sources) and `cache.db`
/// (newsboat's SQLite cache: `rss_feed` and `rss_item`), opened read-only and never changed.
///
/// Each cached article gets the identity Herald's parser would give it, so that the next fetch
/// of its feed updates it instead of adding it again: newsboat keys an article by its guid, else
/// by its link followed by its date as written, else by its link, else by its title; Herald by its
/// guid, else its link, else a hash of its title and date.
public struct NewsboatHomeReader: NewsboatHomeReading {
    private let environment: [String: String]

    /// Creates a reader; `environment` gives `HOME` and `XDG_CONFIG_HOME`/`XDG_DATA_HOME`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    public func readHome(in folder: String?, starFlag: Character) throws(NewsboatImportError) -> NewsboatHome {
        let (urlsPath, cachePath) = try locate(folder)
        let data = FileManager.default.contents(atPath: urlsPath) ?? Data()
        let contents = NewsboatURLs.readAll(data)
        var feeds: [NewsboatFeed] = []
        var cacheFile: String?
        if FileManager.default.fileExists(atPath: cachePath) {
            cacheFile = cachePath
            feeds = try readCache(at: cachePath, starFlag: starFlag)
        }
        var home = NewsboatHome(urlsFile: urlsPath, cacheFile: cacheFile, subscriptions: contents.entries,
                                queries: contents.queries, feeds: feeds)
        home.config = readConfig(beside: urlsPath)
        return home
    }

    /// newsboat's `config` beside its `urls` (both in `~/.newsboat` or `~/.config/newsboat`):
    /// its `bind-key`, `ignore-article`, `notify-program` and `urls-source` lines.
    private func readConfig(beside urlsPath: String) -> NewsboatConfig {
        let path = String(urlsPath.dropLast("urls".count)) + "config"
        guard let data = FileManager.default.contents(atPath: path) else { return NewsboatConfig() }
        var config = NewsboatConfig(file: path)
        for rawLine in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let words = NewsboatURLs.tokenize(line)
            switch words.first {
            case "bind-key": config.keyBindings.append(Array(words.dropFirst()))
            case "ignore-article": config.ignoreArticles.append(NewsboatConfigLine(line: line, words: Array(words.dropFirst())))
            case "notify-program": config.notifyProgram = line
            case "urls-source":
                if let source = words.dropFirst().first, source != "local" { config.remoteURLsSource = source }
            default: continue
            }
        }
        return config
    }

    /// The `urls` file and where the cache would be.
    private func locate(_ folder: String?) throws(NewsboatImportError) -> (urls: String, cache: String) {
        let manager = FileManager.default
        if let folder {
            let urls = folder + "/urls"
            guard manager.fileExists(atPath: urls) else { throw .noNewsboatFolder(looked: [folder]) }
            // newsboat's XDG layout keeps the cache apart; a folder given as is holds both.
            return (urls, folder + "/cache.db")
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        let dotFolder = home + "/.newsboat"
        if manager.fileExists(atPath: dotFolder + "/urls") { return (dotFolder + "/urls", dotFolder + "/cache.db") }
        let config = (environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config") + "/newsboat"
        let data = (environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share") + "/newsboat"
        if manager.fileExists(atPath: config + "/urls") { return (config + "/urls", data + "/cache.db") }
        throw .noNewsboatFolder(looked: [dotFolder, config])
    }

    private func readCache(at path: String, starFlag: Character) throws(NewsboatImportError) -> [NewsboatFeed] {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let database = handle else {
            let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "it cannot be opened"
            sqlite3_close(handle)
            throw .unreadableCache(path: path, reason: reason)
        }
        defer { sqlite3_close(database) }
        sqlite3_busy_timeout(database, 5_000)
        var feeds: [String: NewsboatFeed] = [:]
        var order: [String] = []
        try query(database, path: path, "SELECT rssurl, url, title FROM rss_feed") { row in
            let url = row.text(0)
            feeds[url] = NewsboatFeed(feedURL: url, title: row.text(2), siteURL: row.text(1).isEmpty ? nil : row.text(1),
                                      items: [], states: [:])
            order.append(url)
        }
        let sql = """
            SELECT guid, title, author, url, feedurl, pubDate, content, unread, enclosure_url, enclosure_type, flags, deleted
            FROM rss_item ORDER BY feedurl, pubDate, id
            """
        try query(database, path: path, sql) { row in
            let feedURL = row.text(4)
            guard feeds[feedURL] != nil else { return }
            let item = Self.item(guid: row.text(0), title: row.text(1), author: row.text(2), url: row.text(3),
                                 published: row.integer(5), content: row.text(6), enclosureURL: row.text(8),
                                 enclosureType: row.text(9))
            feeds[feedURL]!.items.append(item)
            // A deleted article stays in newsboat's cache while its feed carries it, so that it does
            // not come back: Herald keeps it hidden for the same reason.
            let isDeleted = row.integer(11) != 0
            feeds[feedURL]!.states[item.identity] = NewsboatItemState(isRead: row.integer(7) == 0 || isDeleted,
                                                                      isStarred: row.text(10).contains(starFlag),
                                                                      isDeleted: isDeleted)
        }
        return order.compactMap { feeds[$0] }
    }

    /// An article as Herald's parser would have made it from the feed.
    static func item(guid rawGUID: String, title: String, author: String, url rawURL: String, published: Int64,
                     content: String, enclosureURL: String, enclosureType: String) -> ParsedItem {
        // newsboat keeps a guid and a link as the feed wrote them; Herald's parser trims them, and
        // the identity must be the one the next fetch gives.
        let guid = rawGUID.trimmingASCIIWhitespace()
        let url = rawURL.trimmingASCIIWhitespace()
        var item = ParsedItem(identity: "")
        item.title = title.isEmpty ? nil : TextConstruct(type: .text, value: title)
        item.plainTitle = title.isEmpty ? nil : title
        if !url.isEmpty { item.links = [Link(href: url, rel: "alternate")] }
        if !author.isEmpty { item.authors = [Person(name: author)] }
        if published > 0 { item.published = Date(timeIntervalSince1970: TimeInterval(published)) }
        if !content.isEmpty { item.content = TextConstruct(type: .html, value: content) }
        if !enclosureURL.isEmpty {
            item.enclosures = [Enclosure(url: enclosureURL, type: enclosureType.isEmpty ? nil : enclosureType)]
        }
        // newsboat's guid is the feed's own, or made from the link (with the date as written), or
        // the title. Only the feed's own is an id for Herald.
        let madeFromLink = !url.isEmpty && guid.hasPrefix(url)
        let madeFromTitle = url.isEmpty && guid == title
        if !guid.isEmpty && !madeFromLink && !madeFromTitle { item.id = guid }
        item.identity = ItemIdentity.of(item)
        return item
    }

    /// One row of a query's result.
    struct Row {
        let statement: OpaquePointer
        func text(_ column: Int32) -> String {
            guard let bytes = sqlite3_column_text(statement, column) else { return "" }
            return String(cString: bytes)
        }
        func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    }

    private func query(_ database: OpaquePointer, path: String, _ sql: String,
                       _ body: (Row) -> Void) throws(NewsboatImportError) {
        var handle: OpaquePointer?
        guard sqlite3_prepare_v2(database, sql, -1, &handle, nil) == SQLITE_OK, let statement = handle else {
            throw .unreadableCache(path: path, reason: "it is not newsboat's cache (\(String(cString: sqlite3_errmsg(database))))")
        }
        defer { sqlite3_finalize(statement) }
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_ROW {
                body(Row(statement: statement))
            } else if status == SQLITE_DONE {
                return
            } else {
                throw .unreadableCache(path: path, reason: String(cString: sqlite3_errmsg(database)))
            }
        }
    }
}
