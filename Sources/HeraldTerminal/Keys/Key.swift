/// A key press as the reader sees it, decoded by the backend.
public enum Key: Sendable, Hashable {
    /// A printable character (`j`, `/`, `é`, a digit).
    case character(Character)
    /// Enter or Return.
    case enter
    /// Escape.
    case escape
    /// Backspace.
    case backspace
    /// Tab.
    case tab
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Page up.
    case pageUp
    /// Page down.
    case pageDown
    /// Home.
    case home
    /// End.
    case end
    /// A control key: `control("c")` is Ctrl-C.
    case control(Character)

    /// The key's name in a `bind-key` line and in help: `j`, `ENTER`, `SPACE`, `UP`, `^C`.
    public var name: String {
        switch self {
        case .character(" "): "SPACE"
        case .character(let character): String(character)
        case .enter: "ENTER"
        case .escape: "ESC"
        case .backspace: "BACKSPACE"
        case .tab: "TAB"
        case .up: "UP"
        case .down: "DOWN"
        case .left: "LEFT"
        case .right: "RIGHT"
        case .pageUp: "PPAGE"
        case .pageDown: "NPAGE"
        case .home: "HOME"
        case .end: "END"
        case .control(let letter): "^" + letter.uppercased()
        }
    }

    /// The key a `bind-key` name denotes (case-insensitive for named keys; `PGUP`/`PGDN` also work).
    public init?(name: String) {
        let upper = name.uppercased()
        let named: [String: Key] = [
            "ENTER": .enter, "RETURN": .enter, "ESC": .escape, "ESCAPE": .escape, "BACKSPACE": .backspace,
            "TAB": .tab, "UP": .up, "DOWN": .down, "LEFT": .left, "RIGHT": .right, "PPAGE": .pageUp,
            "PGUP": .pageUp, "NPAGE": .pageDown, "PGDN": .pageDown, "HOME": .home, "END": .end,
            "SPACE": .character(" "),
        ]
        if let key = named[upper] {
            self = key
        } else if name.count == 1, let character = name.first {
            self = .character(character)
        } else if upper.count == 2, upper.first == "^", let letter = upper.last, letter.isLetter {
            self = .control(Character(letter.lowercased()))
        } else {
            return nil
        }
    }
}

/// What the backend reports: a key, or the window's new size.
public enum TerminalEvent: Sendable, Hashable {
    /// A key press.
    case key(Key)
    /// The window was resized (SIGWINCH) or repainted after `fg`.
    case resized(TerminalSize)
}
