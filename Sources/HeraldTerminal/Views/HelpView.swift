import Herald

/// The help screen: every key of the screen below it, generated from the key map (never a
/// hand-kept list), then the keys every screen has.
public enum HelpView {
    /// Every line for a context, unscrolled.
    public static func lines(for context: KeyContext, keyMap: KeyMap, width: Int) -> [StyledLine] {
        var lines = [StyledLine("Keys of this screen (q or ESC closes help)", .heading), StyledLine()]
        for (action, keys) in keyMap.actions(in: context) {
            let names = keys.map(\.name).joined(separator: " ")
            lines.append(StyledLine([Span("  " + ColumnText.pad(names, 18), .link), Span(" " + action.summary(in: context))]))
        }
        lines.append(StyledLine())
        lines.append(StyledLine("In an article, type a link's number and ENTER to open it.", .dim))
        lines.append(StyledLine("In a question: y or ENTER says yes, n or ESC no. On an error: r retries.", .dim))
        lines.append(StyledLine("Keys can be changed with `bind-key KEY ACTION [CONTEXT]` in the config file.", .dim))
        return lines.map { line in
            StyledLine(line.spans.map { Span(ColumnText.fit($0.text, width), $0.role) })
        }
    }

    /// The help screen scrolled by `scroll` lines.
    public static func body(for context: KeyContext, keyMap: KeyMap, scroll: Int, size: TerminalSize) -> ScreenBody {
        let all = lines(for: context, keyMap: keyMap, width: size.width)
        let top = ArticleDetailView.clampedScroll(scroll, lineCount: all.count, height: size.height)
        return ScreenBody(title: "Help", lines: Array(all[top..<min(all.count, top + size.height)]))
    }
}
