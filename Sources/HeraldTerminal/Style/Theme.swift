/// How a role looks on a terminal: attributes and one of the backend's colour pairs.
public struct RoleStyle: Sendable, Hashable {
    /// Bold.
    public var bold = false
    /// Reversed.
    public var reverse = false
    /// Underlined.
    public var underline = false
    /// Dimmed.
    public var dim = false
    /// The colour pair (0: the terminal's own colours; 1 cyan, 2 yellow, 3 red, 4 green, 5 blue).
    public var colourPair: Int16 = 0

    /// Creates a style.
    public init(bold: Bool = false, reverse: Bool = false, underline: Bool = false, dim: Bool = false,
                colourPair: Int16 = 0) {
        self.bold = bold
        self.reverse = reverse
        self.underline = underline
        self.dim = dim
        self.colourPair = colourPair
    }
}

/// The reader's look: a style per role, and the markers rows use. Colours are foregrounds on the
/// terminal's own background; `NO_COLOR` (https://no-color.org) keeps only attributes.
public struct Theme: Sendable, Hashable {
    /// Whether colours are used.
    public var usesColour: Bool
    /// The marker of an unread row.
    public var unreadMarker = "N"
    /// The marker of a starred row.
    public var starMarker = "*"

    /// Creates a theme.
    public init(usesColour: Bool) {
        self.usesColour = usesColour
    }

    /// The theme for an environment: colours unless `NO_COLOR` is set (to anything) or `TERM` is dumb.
    public static func forEnvironment(_ environment: [String: String]) -> Theme {
        Theme(usesColour: environment["NO_COLOR"] == nil && environment["TERM"] != "dumb")
    }

    /// How a role looks.
    public func style(for role: TextRole) -> RoleStyle {
        let colour: (Int16) -> Int16 = { usesColour ? $0 : 0 }
        switch role {
        case .plain: return RoleStyle()
        case .titleBar: return RoleStyle(bold: true, reverse: true)
        case .heading: return RoleStyle(bold: true, colourPair: colour(1))
        case .unread: return RoleStyle(bold: true)
        case .dim: return RoleStyle(dim: !usesColour, colourPair: colour(5))
        case .match: return RoleStyle(bold: true, underline: !usesColour, colourPair: colour(2))
        case .link: return RoleStyle(underline: !usesColour, colourPair: colour(1))
        case .error: return RoleStyle(bold: true, colourPair: colour(3))
        case .notice: return RoleStyle(colourPair: colour(2))
        case .progress: return RoleStyle(colourPair: colour(4))
        case .hints: return RoleStyle(reverse: true)
        }
    }
}
