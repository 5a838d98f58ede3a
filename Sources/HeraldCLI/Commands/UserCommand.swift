import ArgumentParser
import Foundation
import Herald

/// `herald user add|list`: the people who share a PostgreSQL database, each with their own
/// subscriptions, tags, read/starred state and saved searches.
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "The people sharing a PostgreSQL database, and the accounts sync clients sign in with.",
        subcommands: [UserAddCommand.self, UserListCommand.self, UserPasswordCommand.self, UserTokenCommand.self])
}

/// `herald user add NAME`.
struct UserAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a person (no subscriptions yet; use --user NAME to act as them).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The name: letters, digits, '.', '_', '-' or '@'.")
    var name: String

    func run() async throws {
        // Checked as the configuration checks --user, before anything is written.
        do {
            _ = try SettingValue.userName(name, at: "--user")
        } catch {
            throw CLIFailure(error.message)
        }
        try await CLISession.run(global, makesDatabase: true) { herald, terminal in
            try await herald.addUser(name)
            terminal.line(AccountText.userAdded(name))
        }
    }
}

/// `herald user list`.
struct UserListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the people and their feed counts.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CLISession.run(global) { herald, terminal in
            AccountText.users(try await herald.users(), current: herald.currentUser).forEach(terminal.line)
        }
    }
}
