import ArgumentParser

/// Options every subcommand that opens the database accepts.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The database file (default: HERALD_DB, the config file, then ~/.local/share/herald/herald.db).", valueName: "path"))
    var db: String?
}

/// Options of commands that can print JSON instead of text.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print a JSON document instead of text.")
    var json = false
}
