/// One `bind-key KEY ACTION [CONTEXT]` line of the config file, as written; the reader checks it
/// (it knows the keys and actions) and reports a bad one with its place.
public struct KeyBindingLine: Sendable, Hashable {
    /// The words after `bind-key`.
    public var words: [String]
    /// `file:line`.
    public var place: String

    /// Creates a line.
    public init(words: [String], place: String) {
        self.words = words
        self.place = place
    }
}
