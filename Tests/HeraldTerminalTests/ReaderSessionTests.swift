import Foundation
import Herald
import HeraldTerminal
import Synchronization
import Testing

/// A terminal that is not one: the test sends keys through the stream `start()` returns and reads
/// the last frame the reader presented.
final class FakeTerminal: TerminalBackend {
    private let events: AsyncStream<TerminalEvent>
    private let input: AsyncStream<TerminalEvent>.Continuation
    private let last = Mutex<[StyledLine]>([])
    private let stopped = Mutex(false)
    private let redraws = Mutex(0)

    init() {
        (events, input) = AsyncStream.makeStream(of: TerminalEvent.self)
    }

    func start() -> AsyncStream<TerminalEvent> {
        input.yield(.resized(TerminalSize(width: 100, height: 30)))
        return events
    }

    func present(_ frame: [StyledLine]) { last.withLock { $0 = frame } }
    func suspend() {}
    func stop() { stopped.withLock { $0 = true } }
    func redraw() { redraws.withLock { $0 += 1 } }

    /// How many times the reader asked for the whole screen to be painted again.
    var redrawCount: Int { redraws.withLock { $0 } }
    var frame: [StyledLine] { last.withLock { $0 } }
    var text: String { frame.map(\.text).joined(separator: "\n") }
    var selectedLine: String? { frame.first(where: \.isSelected)?.text }
    var isStopped: Bool { stopped.withLock { $0 } }

    func send(_ keys: Key...) { for key in keys { input.yield(.key(key)) } }
    func resize(_ size: TerminalSize) { input.yield(.resized(size)) }
    func type(_ text: String) { for character in text { input.yield(.key(.character(character))) } }
}

/// Records the links the reader opens instead of starting a browser.
final class RecordedLinks: LinkOpening {
    private let opened = Mutex<[String]>([])
    var urls: [String] { opened.withLock { $0 } }
    func open(_ url: String) -> String? {
        opened.withLock { $0.append(url) }
        return nil
    }
}

/// The reader driven in-process, without tmux: a real engine on a temporary SQLite file with two
/// `file://` feeds, the real key map, Router, modules and Container; keys go in, frames come out.
@Suite("The reader in-process: every screen and key action")
struct ReaderSessionTests {
    /// A running reader and what it runs on.
    struct Reader {
        let directory: String
        let herald: Herald
        let terminal: FakeTerminal
        let links: RecordedLinks
        let session: ReaderSession
        let running: Task<Void, Never>

        /// Waits until the frame satisfies `condition` (10 s at most).
        func waitFor(_ what: String, _ condition: (FakeTerminal) -> Bool,
                     sourceLocation: SourceLocation = #_sourceLocation) async {
            for _ in 0..<1000 {
                if condition(terminal) { return }
                try? await Task.sleep(for: .milliseconds(10))
            }
            Issue.record("never saw \(what); last frame:\n\(terminal.text)", sourceLocation: sourceLocation)
        }

        /// Waits until the frame shows `text`.
        func waitFor(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) async {
            await waitFor("“\(text)”", { $0.text.contains(text) }, sourceLocation: sourceLocation)
        }

        /// Waits until the selected row contains `text`.
        func waitForSelected(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) async {
            await waitFor("the selection on “\(text)”", { $0.selectedLine?.contains(text) == true },
                          sourceLocation: sourceLocation)
        }

        /// Opens Harbour's list on its first unread article (n, Enter) and reads it (Enter).
        func readHarbourNewest(sourceLocation: SourceLocation = #_sourceLocation) async {
            terminal.send(.character("n"), .enter)
            await waitForSelected("Lighthouse repainted", sourceLocation: sourceLocation)
            terminal.send(.enter)
            await waitFor("Red and white again.", sourceLocation: sourceLocation)
        }

        /// Marks the selected feed read with A, answering yes, and waits until its row says so.
        func markSelectedFeedRead(sourceLocation: SourceLocation = #_sourceLocation) async {
            terminal.send(.character("A"))
            await waitFor("Mark all of", sourceLocation: sourceLocation)
            terminal.send(.character("y"))
            await waitFor("the feed read", { !($0.selectedLine ?? "").contains("unread") }, sourceLocation: sourceLocation)
        }

        func stop() async {
            terminal.send(.character("Q"))
            _ = await running.value
            await herald.shutdown()
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    static func rss(_ title: String, items: [(guid: String, title: String, body: String)]) -> String {
        let entries = items.map { item in
            """
            <item><guid>\(item.guid)</guid><title>\(item.title)</title><link>https://example.org/\(item.guid)</link>
            <pubDate>Mon, 23 Nov 2026 0\(items.firstIndex { $0.guid == item.guid } ?? 0):00:00 GMT</pubDate>
            <description><![CDATA[<p>\(item.body) <a href="https://example.org/more/\(item.guid)">more</a></p>]]></description></item>
            """
        }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>\(title)</title><link>https://example.org/</link><description>d</description>
            \(entries)</channel></rss>
            """
    }

    /// Harbour (#news, 2 unread), City (#town, 1 unread), then the reader on the feeds screen.
    /// - Parameter moreCity: Articles City has beside its first (older ones).
    static func start(keyMap: KeyMap = .standard, moreCity: [(String, String, String)] = []) async throws -> Reader {
        let directory = NSTemporaryDirectory() + "herald-reader-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let environment = ["HOME": directory, "XDG_CONFIG_HOME": directory + "/config", "XDG_STATE_HOME": directory + "/state"]
        let herald = try await Herald.open(databasePath: directory + "/herald.db", environment: environment)
        let feeds: [(String, String, [(String, String, String)])] = [
            ("harbour", "news", [("h1", "Ferry timetable changes", "The ferry leaves at nine."),
                                 ("h2", "Lighthouse repainted", "Red and white again.")]),
            ("city", "town", [("c1", "Library opens late", "The library opens at ten.")] + moreCity),
        ]
        for (name, tag, items) in feeds {
            let path = directory + "/\(name).xml"
            try Data(rss(name.capitalized, items: items.map { (guid: $0.0, title: $0.1, body: $0.2) }).utf8)
                .write(to: URL(fileURLWithPath: path))
            _ = try await herald.subscribe(to: URL(fileURLWithPath: path).absoluteString, tags: [tag])
        }
        let terminal = FakeTerminal()
        let links = RecordedLinks()
        let session = ReaderSession(herald: herald, backend: terminal, router: Router(root: .feeds), keyMap: keyMap,
                                    theme: Theme(usesColour: false), links: links)
        let running = Task { await session.run() }
        let reader = Reader(directory: directory, herald: herald, terminal: terminal, links: links, session: session,
                            running: running)
        await reader.waitFor("Harbour")
        return reader
    }

    @Test("feeds: j/k and G/g move the cursor over lists, tags and feeds; Enter opens the feed's articles; q goes back")
    func feedsCursorAndOpen() async throws {
        let reader = try await Self.start()
        await reader.waitForSelected("All articles")
        reader.terminal.send(.character("j"))
        await reader.waitForSelected("Unread")
        reader.terminal.send(.character("G"))
        await reader.waitForSelected("City")
        reader.terminal.send(.character("k"), .character("k"))
        await reader.waitForSelected("Harbour")
        reader.terminal.send(.enter)
        await reader.waitFor("Ferry timetable changes")
        #expect(!reader.terminal.text.contains("Library opens late"), "only Harbour's articles")
        reader.terminal.send(.character("q"))
        await reader.waitForSelected("Harbour")
        await reader.stop()
    }

    @Test("feeds: n and p jump between feeds with unread articles, past the last one round to the first (as newsboat); with none other, a notice says so")
    func nextUnreadFeed() async throws {
        let reader = try await Self.start()
        reader.terminal.send(.character("n"))
        await reader.waitForSelected("Harbour")
        reader.terminal.send(.character("n"))
        await reader.waitForSelected("City")
        reader.terminal.send(.character("n"))
        await reader.waitForSelected("Harbour")
        reader.terminal.send(.character("p"))
        await reader.waitForSelected("City")
        // City read: Harbour is the only feed with unread articles left.
        await reader.markSelectedFeedRead()
        reader.terminal.send(.character("k"), .character("n"))
        await reader.waitForSelected("Harbour")
        reader.terminal.send(.character("n"))
        await reader.waitFor("No unread articles left")
        #expect(reader.terminal.selectedLine?.contains("Harbour") == true, "the cursor stayed")
        await reader.stop()
    }

    @Test("feeds: t asks for a tag and lists only its feeds (its start is enough; an unknown one names the tags); Ctrl-T lists every feed again (newsboat's select-tag and clear-tag)")
    func selectTag() async throws {
        let reader = try await Self.start()
        reader.terminal.send(.character("t"))
        await reader.waitFor("Show tag: ")
        reader.terminal.send(.character("t"), .character("o"), .enter)
        await reader.waitFor("only town", { $0.text.contains("#town · 1 feed") && $0.text.contains("City") && !$0.text.contains("Harbour") })
        await reader.waitFor("Showing the feeds tagged town")
        reader.terminal.send(.character("G"))
        await reader.waitForSelected("City")
        reader.terminal.send(.enter)
        await reader.waitFor("Library opens late")
        reader.terminal.send(.character("q"))
        await reader.waitForSelected("City")
        #expect(!reader.terminal.text.contains("Harbour"), "still only town's feeds after coming back")

        reader.terminal.send(.character("t"), .character("x"), .enter)
        await reader.waitFor("No tag is named x; the tags are news, town")
        reader.terminal.send(.control("t"))
        await reader.waitFor("every feed", { $0.text.contains("Harbour") && $0.text.contains("City") })
        await reader.waitFor("Showing the feeds of every tag")
        await reader.stop()
    }

    @Test("with one tag's feeds listed, n in an article crosses only to those feeds: past the last unread of town, none is left, though Harbour has some")
    func nextUnreadStaysInTheTag() async throws {
        let reader = try await Self.start()
        reader.terminal.send(.character("t"), .character("t"), .character("o"), .character("w"), .character("n"), .enter)
        await reader.waitFor("only town", { $0.text.contains("#town") && !$0.text.contains("Harbour") })
        reader.terminal.send(.character("n"))
        await reader.waitForSelected("City")
        reader.terminal.send(.enter)
        await reader.waitForSelected("Library opens late")
        reader.terminal.send(.enter)
        await reader.waitFor("The library opens at ten.")
        reader.terminal.send(.character("n"))
        await reader.waitFor("No unread articles left")
        #expect(!reader.terminal.text.contains("Ferry") && !reader.terminal.text.contains("Lighthouse"), "stayed out of Harbour")
        await reader.stop()
    }

    @Test("feeds: l leaves out the feeds without unread articles and brings them back (newsboat's toggle-show-read-feeds)")
    func toggleShowReadFeeds() async throws {
        let reader = try await Self.start()
        reader.terminal.send(.character("G"))
        await reader.waitForSelected("City")
        await reader.markSelectedFeedRead()
        reader.terminal.send(.character("l"))
        await reader.waitFor("City left out", { !$0.text.contains("City") && $0.text.contains("Harbour") })
        await reader.waitFor("Showing only feeds with unread articles")
        reader.terminal.send(.character("l"))
        await reader.waitFor("City back", { $0.text.contains("City") && $0.text.contains("Showing every feed") })
        // Everything read, read feeds left out: the lists stay, and the screen says what it leaves out.
        reader.terminal.send(.character("C"))
        await reader.waitFor("Mark all of")
        reader.terminal.send(.character("y"), .character("l"))
        await reader.waitFor("2 read feeds left out")
        #expect(reader.terminal.text.contains("All articles") && !reader.terminal.text.contains("No subscriptions"))
        // The cursor is on the last row drawn (Starred), not on the feed left out, and moves from there.
        await reader.waitForSelected("Starred")
        reader.terminal.send(.character("k"))
        await reader.waitForSelected("Unread")
        await reader.stop()
    }

    @Test("article list and article: Enter reads, J/K move, N toggles read, s stars, a number opens a link, q goes back")
    func listAndArticle() async throws {
        let reader = try await Self.start()
        reader.terminal.send(.character("n"), .enter)
        await reader.waitFor("Ferry timetable changes")
        // Newest first: the lighthouse story (01:00) is on top.
        await reader.waitForSelected("Lighthouse repainted")
        reader.terminal.send(.character("s"))
        await reader.waitFor("a star on the selected row", { $0.selectedLine?.contains("*") == true })
        reader.terminal.send(.enter)
        await reader.waitFor("Red and white again.")
        #expect(reader.terminal.text.contains("State: starred"))
        reader.terminal.send(.character("J"))
        await reader.waitFor("The ferry leaves at nine.")
        reader.terminal.send(.character("K"))
        await reader.waitFor("Red and white again.")
        reader.terminal.send(.character("N"))
        await reader.waitFor("State: starred, unread")
        reader.terminal.send(.character("1"))
        await reader.waitFor("Open link: 1")
        reader.terminal.send(.enter)
        await reader.waitFor("the link opened", { _ in reader.links.urls == ["https://example.org/more/h2"] })
        reader.terminal.send(.character("q"))
        await reader.waitFor("Lighthouse repainted")
        reader.terminal.send(.character("q"))
        await reader.waitForSelected("Harbour")
        await reader.stop()
    }

    @Test("as in newsboat: N in a list marks the row read and moves on; a feed's list opens on its first unread article")
    func newsboatListHabits() async throws {
        let reader = try await Self.start()
        reader.terminal.send(.character("n"), .enter)
        await reader.waitForSelected("Lighthouse repainted")
        reader.terminal.send(.character("N"))
        await reader.waitForSelected("Ferry timetable changes")
        #expect(reader.terminal.frame.first { $0.text.contains("Lighthouse repainted") }?.text.contains("N ") == false,
                "the first row was marked read")
        reader.terminal.send(.character("q"))
        await reader.waitForSelected("Harbour")
        reader.terminal.send(.enter)
        await reader.waitForSelected("Ferry timetable changes")
        await reader.stop()
    }

    @Test("as in newsboat: O opens the selected article's link and marks it read; Ctrl-L paints the screen again")
    func openAndMarkReadAndRedraw() async throws {
        let reader = try await Self.start()
        reader.terminal.send(.character("n"), .enter)
        await reader.waitForSelected("Lighthouse repainted")
        reader.terminal.send(.character("O"))
        await reader.waitFor("the row marked read", { terminal in
            terminal.frame.first { $0.text.contains("Lighthouse repainted") }?.text.contains("N ") == false
        })
        await reader.waitForSelected("Ferry timetable changes")
        #expect(reader.links.urls == ["https://example.org/h2"])
        reader.terminal.send(.control("l"))
        await reader.waitFor("a redraw", { $0.redrawCount == 1 })
        #expect(reader.terminal.text.contains("Ferry timetable changes"))
        await reader.stop()
    }

    @Test("as in newsboat: back from an article that n reached in another feed is that feed's list, the cursor on the article, not on the feed's next unread")
    func backSelectsTheArticleReadInAnotherFeed() async throws {
        let reader = try await Self.start(moreCity: [("c2", "Market moves to the square", "Stalls from Saturday.")])
        await reader.readHarbourNewest()
        reader.terminal.send(.character("n"))
        await reader.waitFor("The ferry leaves at nine.")
        reader.terminal.send(.character("n"))
        await reader.waitFor("City's newest unread", { $0.text.contains("The library opens at ten.") || $0.text.contains("Stalls from Saturday.") })
        let reading = reader.terminal.text.contains("The library opens at ten.") ? "Library opens late" : "Market moves to the square"
        reader.terminal.send(.character("q"))
        await reader.waitFor("City's list on the article read", { terminal in
            terminal.selectedLine?.contains(reading) == true && terminal.text.contains("Market moves")
                && terminal.text.contains("Library opens late") && !terminal.text.contains("Ferry timetable")
        })
        await reader.stop()
    }

    @Test("newsboat's vim bindings (`bind-key j next articlelist`, as an import adds them) move the cursor in a list")
    func importedNextInAList() async throws {
        let keys = try KeyMap.standard(with: [(["j", "next", "articlelist"], "test"), (["k", "prev", "articlelist"], "test")])
        let reader = try await Self.start(keyMap: keys)
        reader.terminal.send(.character("n"), .enter)
        await reader.waitForSelected("Lighthouse repainted")
        reader.terminal.send(.character("j"))
        await reader.waitForSelected("Ferry timetable changes")
        reader.terminal.send(.character("k"))
        await reader.waitForSelected("Lighthouse repainted")
        await reader.stop()
    }

    @Test("J in an article then q comes back to the article just read, not the one first opened (as newsboat)")
    func listFollowsTheArticle() async throws {
        let reader = try await Self.start()
        await reader.readHarbourNewest()
        reader.terminal.send(.character("J"))
        await reader.waitFor("The ferry leaves at nine.")
        reader.terminal.send(.character("q"))
        await reader.waitForSelected("Ferry timetable changes")
        await reader.stop()
    }

    @Test("help: k right after G scrolls back at once; a window too small to draw acts on no key but quitting")
    func helpAndTinyWindow() async throws {
        let reader = try await Self.start()
        // A window shorter than the help, so that it scrolls.
        reader.terminal.resize(TerminalSize(width: 80, height: 14))
        reader.terminal.send(.character("?"))
        await reader.waitFor("Keys of this screen")
        reader.terminal.send(.character("G"))
        await reader.waitFor("the end of the help", { $0.text.contains("bind-key") })
        let bottom = reader.terminal.text
        reader.terminal.send(.character("k"))
        await reader.waitFor("one line up", { $0.text != bottom })
        reader.terminal.send(.character("q"))
        reader.terminal.resize(TerminalSize(width: 100, height: 30))
        await reader.waitForSelected("All articles")
        reader.terminal.resize(TerminalSize(width: 20, height: 6))
        reader.terminal.send(.character("j"), .enter)
        reader.terminal.resize(TerminalSize(width: 100, height: 30))
        await reader.waitForSelected("All articles")
        #expect(!reader.terminal.text.contains("Ferry timetable changes"), "nothing opened unseen")
        await reader.stop()
    }

    @Test("search: / opens the line, Backspace on an empty line and Escape leave it, Enter searches, Enter opens a hit")
    func search() async throws {
        let reader = try await Self.start()
        reader.terminal.send(.character("/"))
        await reader.waitFor("Search: ")
        reader.terminal.send(.backspace)
        await reader.waitFor("the line closed", { !$0.text.contains("Search: ") })
        reader.terminal.send(.character("/"))
        reader.terminal.type("zzz")
        reader.terminal.send(.escape)
        await reader.waitFor("the line closed", { !$0.text.contains("Search: zzz") })
        reader.terminal.send(.character("/"))
        reader.terminal.type("library")
        reader.terminal.send(.enter)
        await reader.waitFor("Library opens late")
        reader.terminal.send(.enter)
        await reader.waitFor("The library opens at ten.")
        await reader.stop()
    }

    @Test("as in newsboat: / in a feed's list searches that feed; on the feeds screen, every feed; a new query from the results keeps their feed")
    func searchWithinTheList() async throws {
        let reader = try await Self.start()
        reader.terminal.send(.character("n"), .enter)
        await reader.waitForSelected("Lighthouse repainted")
        reader.terminal.send(.character("/"))
        reader.terminal.type("library")
        reader.terminal.send(.enter)
        await reader.waitFor("No results for “library”")
        #expect(reader.terminal.text.contains("Search in Harbour"), "the title says what is searched")
        reader.terminal.send(.character("/"))
        reader.terminal.type("ferry")
        reader.terminal.send(.enter)
        await reader.waitFor("Ferry timetable changes")
        #expect(reader.terminal.text.contains("Search in Harbour: ferry"))
        reader.terminal.send(.character("q"), .character("q"))
        await reader.waitForSelected("Harbour")
        reader.terminal.send(.character("/"))
        reader.terminal.type("library")
        reader.terminal.send(.enter)
        await reader.waitFor("Library opens late")
        await reader.stop()
    }

    @Test("as in newsboat: u in an article goes to its numbered links, out of view in a short window")
    func showURLsScrollsToTheLinks() async throws {
        let reader = try await Self.start(moreCity: [("c2", "Long read", String(repeating: "A paragraph of words that goes on. ", count: 150))])
        reader.terminal.send(.character("G"))
        await reader.waitForSelected("City")
        reader.terminal.send(.enter)
        await reader.waitForSelected("Long read")
        reader.terminal.send(.enter)
        await reader.waitFor("A paragraph of words")
        #expect(!reader.terminal.text.contains("Links:"), "\(reader.terminal.text)")
        reader.terminal.send(.character("u"))
        await reader.waitFor("[1] https://example.org/more/c2")
        #expect(reader.terminal.text.contains("Links:"))
        await reader.stop()
    }

    @Test("A asks before marking a feed read: n keeps it, y marks it; D asks before removing a feed")
    func confirmations() async throws {
        let reader = try await Self.start()
        reader.terminal.send(.character("n"), .character("A"))
        await reader.waitFor("Mark all")
        reader.terminal.send(.character("n"))
        await reader.waitFor("the question gone", { !$0.text.contains("Mark all") })
        reader.terminal.send(.character("A"), .character("y"))
        await reader.waitFor("Harbour read", { terminal in
            guard let line = terminal.selectedLine, line.contains("Harbour") else { return false }
            return !line.contains(" 2")
        })
        reader.terminal.send(.character("D"))
        await reader.waitFor("Remove")
        reader.terminal.send(.character("y"))
        await reader.waitFor("Harbour removed", { !$0.text.contains("Harbour") })
        await reader.stop()
    }

    @Test("C on the feeds screen asks, then marks every feed read (newsboat's mark-all-feeds-read)")
    func markEverythingRead() async throws {
        let reader = try await Self.start()
        reader.terminal.send(.character("C"))
        await reader.waitFor("Mark all")
        reader.terminal.send(.character("y"))
        await reader.waitFor("every feed read", { _ in false == reader.terminal.text.contains("Mark all") })
        for _ in 0..<300 {
            if try await reader.herald.unreadCounts().values.reduce(0, +) == 0 { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(try await reader.herald.unreadCounts().values.reduce(0, +) == 0)
        await reader.stop()
    }

    @Test("? shows the keys of the screen below; f turns full text on for a feed with a notice; q at the top quits")
    func helpFullTextAndQuit() async throws {
        let reader = try await Self.start()
        reader.terminal.send(.character("?"))
        await reader.waitFor("Refresh all feeds")
        // What n and q do on the feeds screen, not in a list.
        #expect(reader.terminal.text.contains("Next feed with unread articles"), "\(reader.terminal.text)")
        reader.terminal.send(.character("q"))
        await reader.waitForSelected("All articles")
        reader.terminal.send(.character("n"), .character("f"))
        await reader.waitFor("Full text on for Harbour")
        reader.terminal.send(.character("f"))
        await reader.waitFor("Full text off for Harbour")
        reader.terminal.send(.character("q"))
        _ = await reader.running.value
        #expect(reader.terminal.isStopped, "q on the feeds screen quits and restores the terminal")
        await reader.herald.shutdown()
        try? FileManager.default.removeItem(atPath: reader.directory)
    }
}
