import Foundation
import Herald
import HeraldTerminal
import Testing

/// Every screen in every state, composed into whole frames at 80x24 and 132x40 and compared with
/// the golden text files in Fixtures/screens (`HERALD_UPDATE_SNAPSHOTS=1 swift test --filter Snapshot`
/// rewrites them; review the diff). A `>` in the first column marks the selected line.
@Suite("Screen snapshots")
struct SnapshotTests {
    static let sizes = [TerminalSize(width: 80, height: 24), TerminalSize(width: 132, height: 40)]
    static let theme = Theme(usesColour: true)

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let body: @Sendable (TerminalSize) -> ScreenBody
        var container = ScreenSamples.container
        var overlay: Overlay?
        var input: InputLine?
        var context = KeyContext.feeds
        var testDescription: String { name }
    }

    static let cases: [Case] = {
        let theme = SnapshotTests.theme
        let removeFeed = Alert(.confirmRemoveFeed(FeedID(5), title: "Flaky Blog"))
        let markAll = Alert(.confirmMarkAllRead(ArticleFilter(scope: .tag("news")), listTitle: "#news"))
        return [
            Case(name: "feeds-loading", body: { FeedsView.body(.loading, cursor: 0, size: $0, theme: theme) }),
            Case(name: "feeds-loaded", body: { FeedsView.body(ScreenSamples.feeds, cursor: 4, size: $0, theme: theme) }),
            Case(name: "feeds-empty", body: { FeedsView.body(.empty("No subscriptions yet. Add a feed by its URL, or import an OPML file."), cursor: 0, size: $0, theme: theme) }),
            Case(name: "feeds-failed", body: { FeedsView.body(.failed("The database is locked by another program; try again.", retry: .viewAppeared), cursor: 0, size: $0, theme: theme) }),
            Case(name: "feeds-progress", body: { FeedsView.body(ScreenSamples.feeds, cursor: 0, size: $0, theme: theme) }, container: ScreenSamples.busyContainer),
            Case(name: "feeds-confirmation", body: { FeedsView.body(ScreenSamples.feeds, cursor: 10, size: $0, theme: theme) }, overlay: .confirmation(removeFeed)),
            Case(name: "list-loading", body: { ArticleListView.body(.loading, showsFeed: true, size: $0, theme: theme) }, context: .articleList),
            Case(name: "list-loaded", body: { ArticleListView.body(ScreenSamples.articleList(), showsFeed: true, size: $0, theme: theme) }, context: .articleList),
            Case(name: "list-loading-more", body: { ArticleListView.body(ScreenSamples.articleList(loadingMore: true), showsFeed: true, size: $0, theme: theme) }, context: .articleList),
            Case(name: "list-empty", body: { ArticleListView.body(.empty("No unread articles. You are all caught up."), showsFeed: true, size: $0, theme: theme) }, context: .articleList),
            Case(name: "list-failed", body: { ArticleListView.body(.failed("The saved search 3 no longer exists.", retry: .viewAppeared), showsFeed: true, size: $0, theme: theme) }, context: .articleList),
            Case(name: "list-confirmation", body: { ArticleListView.body(ScreenSamples.articleList(), showsFeed: true, size: $0, theme: theme) }, overlay: .confirmation(markAll), context: .articleList),
            Case(name: "list-error", body: { ArticleListView.body(ScreenSamples.articleList(), showsFeed: true, size: $0, theme: theme) },
                 container: ScreenSamples.failingContainer, overlay: ScreenSamples.failingContainer.currentError.map(Overlay.error), context: .articleList),
            Case(name: "article-loading", body: { ArticleDetailView.body(.loading, scroll: 0, size: $0, theme: theme) }, context: .article),
            Case(name: "article-loaded", body: { ArticleDetailView.body(ScreenSamples.article, scroll: 0, size: $0, theme: theme) }, context: .article),
            Case(name: "article-link-input", body: { ArticleDetailView.body(ScreenSamples.article, scroll: 2, size: $0, theme: theme) },
                 input: InputLine(prompt: "Open link: ", text: "2"), context: .article),
            Case(name: "article-failed", body: { ArticleDetailView.body(.failed("Article 99 does not exist; it may have been removed by the retention policy.", retry: .viewAppeared), scroll: 0, size: $0, theme: theme) }, context: .article),
            Case(name: "search-loaded", body: { SearchView.body(ScreenSamples.search, cursor: 0, size: $0, theme: theme) }, context: .search),
            Case(name: "search-empty", body: { SearchView.body(.empty("No results for “zzz”. Try fewer words or a prefix such as swift*."), cursor: 0, size: $0, theme: theme) }, context: .search),
            Case(name: "search-failed", body: { SearchView.body(.failed("The query has an unbalanced quote.", retry: .querySubmitted("\"swift")), cursor: 0, size: $0, theme: theme) }, context: .search),
            Case(name: "search-input", body: { SearchView.body(ScreenSamples.search, cursor: 1, size: $0, theme: theme) }, input: InputLine(prompt: "Search: ", text: "京都 swift"), context: .search),
            Case(name: "help-article", body: { HelpView.body(for: .article, keyMap: .standard, scroll: 0, size: $0) }, context: .help),
        ]
    }()

    static func frame(_ sample: Case, size: TerminalSize) -> String {
        let content = TerminalSize(width: size.width, height: FrameComposer.contentHeight(for: size))
        let lines = FrameComposer.frame(body: sample.body(content), container: sample.container, overlay: sample.overlay,
                                        input: sample.input, hints: KeyMap.standard.actions(in: sample.overlay == nil ? sample.context : .alert),
                                        size: size, theme: theme)
        return lines.map { line in
            let text = line.text
            var trimmed = Substring(text)
            while trimmed.last == " " { trimmed = trimmed.dropLast() }
            return (line.isSelected ? ">" : " ") + trimmed
        }.joined(separator: "\n") + "\n"
    }

    @Test("Every screen in every state matches its golden frame", arguments: cases)
    func golden(_ sample: Case) throws {
        for size in Self.sizes {
            let actual = Self.frame(sample, size: size)
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Fixtures/screens/\(sample.name)-\(size.width)x\(size.height).txt")
            if ProcessInfo.processInfo.environment["HERALD_UPDATE_SNAPSHOTS"] != nil {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: url)
                continue
            }
            let expected = try String(contentsOf: url, encoding: .utf8)
            #expect(actual == expected, "\(url.lastPathComponent) differs:\n\(actual)")
        }
    }

    @Test("Every frame is exactly the window's height, no line wider than the window, and no control character survives", arguments: cases)
    func frameFitsAndIsInert(_ sample: Case) {
        for size in Self.sizes + [TerminalSize(width: 40, height: 12), TerminalSize(width: 300, height: 100)] {
            let content = TerminalSize(width: size.width, height: FrameComposer.contentHeight(for: size))
            let lines = FrameComposer.frame(body: sample.body(content), container: sample.container, overlay: sample.overlay,
                                            input: sample.input, hints: KeyMap.standard.actions(in: sample.context), size: size, theme: Self.theme)
            #expect(lines.count == size.height, "\(sample.name) at \(size)")
            for line in lines {
                #expect(DisplayWidth.of(line.text) <= size.width, "\(sample.name) at \(size): \(line.text)")
                #expect(!line.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                        "\(sample.name): a control character reached the terminal")
            }
        }
    }

    @Test("Below 40x12 the frame is one line saying the window is too small")
    func tooSmall() {
        let lines = FrameComposer.frame(body: ScreenBody(title: "Feeds", lines: []), container: ContainerState(), overlay: nil,
                                        input: nil, hints: [], size: TerminalSize(width: 39, height: 30), theme: Self.theme)
        #expect(lines.map(\.text) == ["Window too small: 39x30 (need 40x12)"])
    }
}
