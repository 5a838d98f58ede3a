import HeraldComposition
import HeraldInteractors

extension Herald {
    /// Moves a newsboat user in: subscriptions with tags and titles from `urls`, every article of
    /// `cache.db` with its read state and flags, `query:` feeds as saved searches where they
    /// translate. Running it again adds nothing twice; nothing is marked unread or unstarred.
    /// - Parameters:
    ///   - folder: newsboat's folder; nil looks in `~/.newsboat`, then `~/.config/newsboat` (cache
    ///     in `~/.local/share/newsboat`).
    ///   - starFlag: The newsboat flag letter taken for starred (`s`).
    /// - Returns: What was taken and what was not.
    public func importNewsboat(from folder: String? = nil, starFlag: Character = "s") async throws(HeraldError)
        -> NewsboatImportReport {
        let migration = NewsboatImportInteractor(reader: services.newsboat, feeds: services.feeds,
                                                 articles: services.articles, searches: services.search,
                                                 clock: services.clock, scriptSources: services.scriptSources)
        do {
            return try await migration.importHome(from: folder, starFlag: starFlag)
        } catch {
            throw .newsboat(error)
        }
    }

    /// Adds `bind-key` lines (each line's words after `bind-key`) to the end of the config file
    /// (``HeraldConfiguration/configFilePath``), those it does not have yet, under a comment naming
    /// `origin`. They take effect the next time the reader starts.
    /// - Returns: The lines added.
    /// - Throws: ``HeraldError/file(path:reason:)`` when the file cannot be written.
    public func addKeyBindings(_ bindings: [[String]], origin: String) throws(HeraldError) -> [String] {
        guard let path = configuration.configFilePath else {
            throw .file(path: "the config file", reason: "this engine was opened without one")
        }
        return try ConfigurationFileEditor.addKeyBindings(bindings, to: path, origin: origin)
    }

    /// Adds rules to the end of the config file (``HeraldConfiguration/configFilePath``), those it
    /// does not have yet, under a comment naming `origin`. They take effect when the engine is next
    /// opened (the next refresh, or `herald rules apply`).
    /// - Returns: The lines added.
    /// - Throws: ``HeraldError/file(path:reason:)`` when the file cannot be written.
    public func addRules(_ rules: [ArticleRule], origin: String) throws(HeraldError) -> [String] {
        guard let path = configuration.configFilePath else {
            throw .file(path: "the config file", reason: "this engine was opened without one")
        }
        return try ConfigurationFileEditor.addLines(rules.map(\.line), to: path, origin: origin)
    }
}
