import Foundation
import HeraldDomain
import HeraldPorts

/// The config's `on-new-articles` command, run after a refresh that stored new articles (newsboat's
/// `notify-program`): the command's words, then the number of new articles (those no rule hid) and of feeds that had
/// some, as arguments; the same and the failed feeds in `HERALD_NEW_ARTICLES`,
/// `HERALD_UPDATED_FEEDS` and `HERALD_FAILED_FEEDS`. Time-limited, without a shell.
public struct NewArticlesCommand: RefreshHooking {
    private let words: [String]
    private let runner: CommandRunner

    /// Creates the hook.
    /// - Parameters:
    ///   - words: The program and its first arguments, as the config file gave them.
    ///   - timeLimit: How long it may run before it is stopped.
    public init(words: [String], timeLimit: Duration) {
        self.words = words
        self.runner = CommandRunner(timeLimit: timeLimit)
    }

    /// Runs the command; says what went wrong, if anything.
    public func refreshStoredNewArticles(_ summary: RefreshSummary) async -> String? {
        let environment = [
            "HERALD_NEW_ARTICLES": String(summary.newArticles - summary.hiddenByRules),
            "HERALD_UPDATED_FEEDS": String(summary.stored),
            "HERALD_FAILED_FEEDS": String(summary.failed),
        ]
        let arguments = words + [String(summary.newArticles - summary.hiddenByRules), String(summary.stored)]
        switch await runner.run(arguments, environment: environment) {
        case .exited(0):
            return nil
        case .exited(let status):
            return "on-new-articles: `\(words[0])` exited with status \(status)"
        case .killed(let seconds):
            return "on-new-articles: `\(words[0])` was stopped after \(Int(seconds)) s (on-new-articles-timeout)"
        case .notStarted(let reason):
            return "on-new-articles: " + reason
        }
    }
}
