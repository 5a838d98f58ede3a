import HeraldTerminal
import Testing

@Suite("Key map")
struct KeyMapTests {
    @Test("Given the standard map, newsboat's keys do what newsboat users expect on each screen")
    func standardKeys() {
        let map = KeyMap.standard
        #expect(map.action(for: .character("j"), in: .articleList) == .down)
        #expect(map.action(for: .down, in: .feeds) == .down)
        #expect(map.action(for: .character(" "), in: .article) == .pageDown)
        #expect(map.action(for: .character("G"), in: .search) == .end)
        #expect(map.action(for: .character("q"), in: .article) == .quit)
        #expect(map.action(for: .character("Q"), in: .feeds) == .hardQuit)
        #expect(map.action(for: .character("n"), in: .article) == .nextUnread)
        #expect(map.action(for: .character("A"), in: .articleList) == .markAllRead)
        #expect(map.action(for: .character("s"), in: .articleList) == .toggleStar)
        #expect(map.action(for: .character("s"), in: .feeds) == nil, "no star on the feeds screen")
        #expect(map.action(for: .control("c"), in: .feeds) == .interrupt)
        #expect(map.action(for: .character("y"), in: .alert) == .confirm)
        #expect(map.action(for: .character("j"), in: .alert) == nil, "a stray key never acts behind a question")
    }

    @Test("Given bind-key lines, when applied, then keys move and bad lines name their place")
    func bindKey() throws {
        let map = try KeyMap.standard(with: [(["^D", "pagedown"], "config:1"), (["x", "toggle-star", "article"], "config:2")])
        #expect(map.action(for: .control("d"), in: .feeds) == .pageDown)
        #expect(map.action(for: .character("x"), in: .article) == .toggleStar)
        #expect(map.action(for: .character("x"), in: .feeds) == nil)
        #expect(throws: KeyBindingError.self) { try KeyMap.standard(with: [(["j", "fly"], "config:3")]) }
        do {
            _ = try KeyMap.standard(with: [(["F1x", "up"], "config:4")])
            Issue.record("a bad key must be refused")
        } catch {
            #expect(error.message.hasPrefix("config:4:"))
        }
    }

    @Test("Given a context, help lists every bound action with its keys, generated from the map")
    func helpComesFromTheMap() {
        var map = KeyMap.standard
        map.bind(.character("z"), to: .toggleStar, in: .article)
        let article = map.actions(in: .article)
        let star = article.first { $0.action == .toggleStar }
        #expect(star?.keys.map(\.name) == ["s", "z"])
        #expect(article.contains { $0.action == .openInBrowser })
        #expect(!map.actions(in: .feeds).contains { $0.action == .toggleStar })
        let lines = HelpView.lines(for: .article, keyMap: map, width: 80).map(\.text)
        #expect(lines.contains { $0.contains("s z") && $0.contains("Star or unstar") })
    }

    @Test("Given key names, they round-trip through bind-key names")
    func keyNames() {
        for key in [Key.enter, .escape, .up, .pageDown, .character(" "), .character("j"), .control("c")] {
            #expect(Key(name: key.name) == key)
        }
        #expect(Key(name: "nonsense") == nil)
    }
}
