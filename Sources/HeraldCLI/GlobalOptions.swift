import ArgumentParser

/// Options every subcommand that opens the database accepts.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The database: a file, or postgres://user@host/dbname (default: HERALD_DB, the config file, then ~/.local/share/herald/herald.db).", valueName: "path|url"))
    var db: String?

    @Option(name: .long, help: ArgumentHelp("Whose news, on a PostgreSQL database (default: HERALD_USER, the config file, then the login name).", valueName: "name"))
    var user: String?
}

/// Options of commands that can print JSON instead of text.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print a JSON document instead of text.")
    var json = false
}
