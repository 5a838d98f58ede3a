/// A line the user types into: a search query, or the number of a link to open. Editing rules
/// are the same in every front end that has no text field of its own (the terminal): Backspace
/// on an empty line leaves it, Escape leaves it, Enter submits, and a link number takes digits only.
public struct LineInput: Sendable, Hashable {
    /// What the line is for.
    public enum Purpose: Sendable, Hashable {
        /// A search query (the search screen opens with it).
        case search
        /// The number of a link in the article on screen.
        case link
        /// The tag whose feeds alone the feeds screen lists (newsboat's `select-tag`).
        case tag
    }

    /// One editing step.
    public enum Edit: Sendable, Hashable {
        /// A typed character.
        case type(Character)
        /// Backspace.
        case deleteBackward
        /// Enter.
        case submit
        /// Escape (or Ctrl-C, Ctrl-G).
        case cancel
    }

    /// What an edit did.
    public enum Outcome: Sendable, Hashable {
        /// The line is still being edited.
        case editing
        /// The line was left without submitting.
        case cancelled
        /// The line was submitted with this text.
        case submitted(String)
    }

    /// What the line is for.
    public let purpose: Purpose
    /// What was typed so far.
    public private(set) var text: String

    /// A line for `purpose`, with `text` typed already (a link number starts with its first digit).
    public init(_ purpose: Purpose, text: String = "") {
        self.purpose = purpose
        self.text = text
    }

    /// What is asked: "Search: ", "Open link: ", "Show tag: ".
    public var prompt: String {
        switch purpose {
        case .search: "Search: "
        case .link: "Open link: "
        case .tag: "Show tag: "
        }
    }

    /// Applies one edit.
    public mutating func apply(_ edit: Edit) -> Outcome {
        switch edit {
        case .cancel:
            return .cancelled
        case .deleteBackward:
            if text.isEmpty { return .cancelled }
            text.removeLast()
            return .editing
        case .submit:
            return .submitted(text)
        case .type(let character):
            if purpose == .link && !character.isNumber { return .editing }
            text.append(character)
            return .editing
        }
    }
}
