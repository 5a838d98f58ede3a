import ArgumentParser
import Foundation
import Herald

/// `herald user password NAME`: the password NAME signs in to the sync APIs with (`herald serve`).
struct UserPasswordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "password",
        abstract: "Set the password a person signs in to the sync APIs with (Google Reader, Fever, Miniflux).",
        discussion: """
            Read from standard input when it is not a terminal, else asked twice. On SQLite NAME names the one \
            local account; on PostgreSQL it is a user of the database. Only a slow salted hash is kept, and, \
            unless --no-fever, the Fever API's key md5("NAME:password"), which that protocol requires.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The account's name.")
    var name: String
    @Flag(help: "Turn the Fever API off for this account (its md5 key is not kept).")
    var noFever = false

    func run() async throws {
        do { _ = try SettingValue.userName(name, at: "NAME") } catch { throw CLIFailure(error.message) }
        let password = try PasswordPrompt.read(for: name)
        try await CLISession.run(global, makesDatabase: true) { herald, terminal in
            try await herald.setPassword(password, for: name, fever: !noFever)
            terminal.line(AccountText.passwordSet(for: name, fever: !noFever))
        }
    }
}

/// `herald user token NAME`: make, list or revoke API tokens.
struct UserTokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Make a revocable API token for a sync client (Miniflux's X-Auth-Token); --list, --revoke ID.",
        discussion: "The token is printed once: only its SHA-256 digest is stored.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The account's name.")
    var name: String
    @Option(help: "What the token is for (shown by --list).")
    var label = "token"
    @Flag(help: "List the account's tokens instead.")
    var list = false
    @Option(help: ArgumentHelp("Revoke the token with this id instead.", valueName: "id"))
    var revoke: String?

    func run() async throws {
        try await CLISession.run(global, makesDatabase: true) { herald, terminal in
            if list {
                AccountText.tokens(try await herald.tokens(of: name), of: name).forEach(terminal.line)
            } else if let revoke {
                guard try await herald.revokeToken(revoke, of: name) else {
                    throw CLIFailure(AccountText.noSuchToken(revoke, of: name))
                }
                terminal.line(AccountText.tokenRevoked(revoke))
            } else {
                let (token, record) = try await herald.createToken(for: name, label: label)
                terminal.line(token)
                terminal.errorLine(AccountText.tokenMade(record, for: name))
            }
        }
    }
}
