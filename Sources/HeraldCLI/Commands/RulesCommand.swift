import ArgumentParser
import Herald

/// `herald rules`: the config's article rules (`rule block|keep|star|read|tag:NAME TARGET QUERY`),
/// what each catches among the stored articles, a query tried before it becomes a rule, and the
/// rules applied to everything stored.
struct RulesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules", abstract: "Show the config's article rules and what they catch; test or apply them.",
        discussion: """
            A rule is a config line `rule ACTION TARGET QUERY`: ACTION is block (hide what matches), \
            keep (hide the rest of the target), star, read or tag:NAME; TARGET is *, tag:NAME or a feed's \
            URL or title; QUERY is what `herald search` takes. A refresh applies the rules to the \
            articles it stores; a hidden article is kept (`herald list --hidden`, `herald mark unhide ID`).
            """,
        subcommands: [RulesListCommand.self, RulesTestCommand.self, RulesApplyCommand.self],
        defaultSubcommand: RulesListCommand.self)
}

/// `herald rules list`: every rule with what it catches now.
struct RulesListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Show each rule and what it catches now.")

    @OptionGroup var global: GlobalOptions
    @Option(help: "How many of each rule's newest matches to show.")
    var limit = 5

    func run() async throws {
        try await CLISession.run(global) { herald, terminal in
            let catches = try await herald.ruleCatches(limit: max(0, limit))
            guard !catches.isEmpty else {
                terminal.line(RuleText.none(configPath: herald.configuration.configFilePath))
                return
            }
            for caught in catches { RuleText.lines(caught).forEach(terminal.line) }
        }
    }
}

/// `herald rules test QUERY`: what a rule with this query would catch among the stored articles.
struct RulesTestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test", abstract: "Show what a rule's query would catch among the stored articles.")

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Only this feed (its URL or title, as a rule names it).", valueName: "feed"))
    var feed: String?
    @Option(help: ArgumentHelp("Only feeds with this tag.", valueName: "tag"))
    var tag: String?
    @Option(help: "How many of the newest matches to show.")
    var limit = 20
    @Argument(help: "The query, as the rule would write it.")
    var query: [String]

    func validate() throws {
        guard feed == nil || tag == nil else { throw ValidationError("Give --feed or --tag, not both.") }
        guard !query.joined().isEmpty else { throw ValidationError("Give a query, e.g. herald rules test title:sponsored.") }
    }

    func run() async throws {
        try await CLISession.run(global) { herald, terminal in
            let target: ArticleRule.Target = feed.map { .feed($0) } ?? tag.map { .tag($0) } ?? .everyFeed
            let caught = try await herald.testRule(query: query.joined(separator: " "), in: target, limit: max(0, limit))
            RuleText.lines(caught).forEach(terminal.line)
        }
    }
}

/// `herald rules apply`: the rules applied to every stored article (a refresh applies them to new ones).
struct RulesApplyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply", abstract: "Apply the rules to every stored article (after adding or changing one).")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CLISession.run(global) { herald, terminal in
            guard !herald.configuration.articleRules.isEmpty else {
                terminal.line(RuleText.none(configPath: herald.configuration.configFilePath))
                return
            }
            terminal.line(RuleText.applied(try await herald.applyRules()))
        }
    }
}
