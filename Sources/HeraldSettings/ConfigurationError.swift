/// Why Herald's configuration could not be read. Every case names the file and line or the variable.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong and how to fix it, for the user.
    public let message: String

    /// Creates an error with a user-facing message.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
