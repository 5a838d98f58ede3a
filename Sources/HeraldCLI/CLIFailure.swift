/// A failure while running a command (not a usage error): printed as `herald: message` on standard
/// error, exit status 1. Usage errors (bad options) stay ArgumentParser's, with exit status 64.
struct CLIFailure: Error, CustomStringConvertible {
    /// What went wrong and what to do, for the user.
    let message: String

    /// Creates a failure.
    init(_ message: String) { self.message = message }

    /// The message.
    var description: String { message }
}
