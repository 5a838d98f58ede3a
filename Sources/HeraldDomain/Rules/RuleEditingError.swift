/// Why a rule could not be added to the config or removed from it, said so the user knows what to do.
public enum RuleEditingError: Error, Sendable, Hashable {
    /// The query is not one the search takes (the reason is the search's).
    case invalidQuery(reason: String)
    /// A tag to add with spaces, or a query the config file would cut (a ` # ` starts a comment).
    case notOneLine(reason: String)
    /// Herald was opened without a config file to write rules in.
    case noConfigFile
    /// The config file has this rule already.
    case alreadyThere(line: String)
    /// The config file has no such line (it was edited since the page was shown).
    case notInConfig(line: String, path: String)
    /// The config file cannot be read or written.
    case cannotWrite(path: String, reason: String)

    /// What went wrong and what to do.
    public var message: String {
        switch self {
        case .invalidQuery(let reason): "The rule's query is not valid: \(reason)"
        case .notOneLine(let reason): "The rule cannot be written as a config line: \(reason)"
        case .noConfigFile: "Herald was started without a config file, so rules cannot be written; start it with one (--config)."
        case .alreadyThere(let line): "The config file already has the rule `\(line)`."
        case let .notInConfig(line, path): "\(path) has no line `\(line)`: it was changed since this page was shown; reload it."
        case let .cannotWrite(path, reason): "Cannot write the rule to \(path): \(reason)."
        }
    }
}
