import Herald

/// A line of text the user is typing (a search query, a link number), shown in the status line.
public struct InputLine: Sendable, Hashable {
    /// What is asked ("Search: ", "Open link: ").
    public var prompt: String
    /// What was typed so far.
    public var text: String

    /// Creates an input line.
    public init(prompt: String, text: String = "") {
        self.prompt = prompt
        self.text = text
    }
}

/// What is shown over the screen, waiting for an answer.
public enum Overlay: Sendable, Hashable {
    /// A Router confirmation ("Mark all of … read?").
    case confirmation(Alert)
    /// A Container error with or without retry.
    case error(ErrorAlert)
}

/// Puts a screen's body, the Container's state and any overlay into the whole frame: the title
/// bar, the content area, the key hints and the status line. A pure function of its inputs.
public enum FrameComposer {
    /// Lines of the content area for a window height (title, hints and status lines take three).
    public static func contentHeight(for size: TerminalSize) -> Int { max(1, size.height - 3) }

    /// The whole frame, exactly `size.height` lines of at most `size.width` columns.
    public static func frame(body: ScreenBody, container: ContainerState, overlay: Overlay?, input: InputLine?,
                             hints: [(action: ReaderAction, keys: [Key])], size: TerminalSize, theme: Theme) -> [StyledLine] {
        guard size.isUsable else {
            let message = "Window too small: \(size.width)x\(size.height) (need \(TerminalSize.minimum.width)x\(TerminalSize.minimum.height))"
            return [StyledLine(ColumnText.fit(message, max(1, size.width)), .error)]
        }
        var lines = [titleBar(body, width: size.width)]
        var content = Array(body.lines.prefix(contentHeight(for: size)))
        content += Array(repeating: StyledLine(), count: contentHeight(for: size) - content.count)
        if let overlay { content = overlaid(content, with: box(for: overlay, width: size.width), width: size.width) }
        lines += content
        lines.append(hintsLine(hints, overlay: overlay, width: size.width))
        lines.append(statusLine(container, input: input, width: size.width))
        return lines.map { fitted($0, width: size.width) }
    }

    static func titleBar(_ body: ScreenBody, width: Int) -> StyledLine {
        var text = " Herald · " + body.title
        if !body.subtitle.isEmpty { text += " · " + body.subtitle }
        return StyledLine(ColumnText.pad(text, width), .titleBar)
    }

    static func hintsLine(_ hints: [(action: ReaderAction, keys: [Key])], overlay: Overlay?, width: Int) -> StyledLine {
        let shown: [ReaderAction] = [.quit, .open, .reload, .reloadAll, .nextUnread, .toggleStar, .search, .openInBrowser, .help]
        let text = hints.filter { shown.contains($0.action) }
            .compactMap { hint in hint.keys.first.map { "\($0.name):\(hint.action.hint)" } }
            .joined(separator: "  ")
        return StyledLine(ColumnText.pad(overlay == nil ? " " + text : " Answer the question above", width), .hints)
    }

    /// The input line, else progress and the newest notice, else loading, else nothing.
    static func statusLine(_ container: ContainerState, input: InputLine?, width: Int) -> StyledLine {
        if let input { return StyledLine([Span(input.prompt, .heading), Span(input.text + "_")]) }
        var spans: [Span] = []
        switch container.activity {
        case .idle: break
        case .loading: spans.append(Span("Loading…", .dim))
        case let .progress(done, total, label):
            let barWidth = 12
            let filled = total > 0 ? barWidth * done / total : 0
            let bar = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "]"
            spans.append(Span("\(bar) \(done)/\(total) \(label)", .progress))
        }
        if let notice = container.notices.last {
            if !spans.isEmpty { spans.append(Span("  ")) }
            spans.append(Span(notice.message, .notice))
        }
        return StyledLine(spans)
    }

    /// The overlay as a framed box of lines.
    static func box(for overlay: Overlay, width: Int) -> [StyledLine] {
        let inner = max(20, min(width - 6, 70))
        let wrapper = TextWrapper(width: inner)
        var body: [StyledLine]
        switch overlay {
        case .confirmation(let alert):
            body = wrapper.wrap(alert.title).map { StyledLine($0, .heading) }
            body += wrapper.wrap(alert.message).map { StyledLine($0) }
            body.append(StyledLine())
            body.append(StyledLine("[y] \(alert.confirmLabel)    [n] \(alert.cancelLabel)", alert.isDestructive ? .error : .notice))
        case .error(let error):
            body = [StyledLine("Error", .error)]
            body += wrapper.wrap(error.message).map { StyledLine($0) }
            body.append(StyledLine())
            body.append(StyledLine(error.canRetry ? "[r] Retry    [ESC] Dismiss" : "[ESC] Dismiss", .notice))
        }
        let edge = StyledLine("+" + String(repeating: "-", count: inner + 2) + "+")
        return [edge] + body.map { line in
            let text = line.text
            return StyledLine([Span("| "), Span(ColumnText.pad(text, inner), line.spans.first?.role ?? .plain), Span(" |")])
        } + [edge]
    }

    /// The content with the box centred over it.
    static func overlaid(_ content: [StyledLine], with box: [StyledLine], width: Int) -> [StyledLine] {
        var result = content
        let top = max(0, (content.count - box.count) / 2)
        let boxWidth = box.first.map { DisplayWidth.of($0.text) } ?? 0
        let left = String(repeating: " ", count: max(0, (width - boxWidth) / 2))
        for (offset, line) in box.enumerated() where top + offset < result.count {
            result[top + offset] = StyledLine([Span(left)] + line.spans)
        }
        return result
    }

    /// A line cut to the width (the last span shortened), so nothing wraps.
    static func fitted(_ line: StyledLine, width: Int) -> StyledLine {
        var used = 0
        var spans: [Span] = []
        for span in line.spans {
            let room = width - used
            guard room > 0 else { break }
            let text = DisplayWidth.of(span.text) <= room ? span.text : ColumnText.fit(span.text, room)
            spans.append(Span(text, span.role))
            used += DisplayWidth.of(text)
        }
        return StyledLine(spans, isSelected: line.isSelected)
    }
}
