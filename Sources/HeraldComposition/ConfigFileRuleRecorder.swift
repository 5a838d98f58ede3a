import Foundation
import HeraldDomain
import HeraldPorts
import HeraldSettings

/// Writes article rules as `rule` lines of the user's config file (``ConfigurationFileEditor``):
/// appended under a comment naming where they came from, removed line by line, the file replaced
/// whole each time so an interrupted write leaves the old one.
struct ConfigFileRuleRecorder: RuleRecording {
    /// The config file; `nil` when the engine was opened without one.
    let path: String?

    func record(_ rule: ArticleRule, origin: String) throws(RuleEditingError) -> ArticleRule {
        guard let path else { throw .noConfigFile }
        let line = rule.line
        // The line must read back as this rule: a query with " # " would lose its end to the comment.
        let readBack: ArticleRule?
        do {
            readBack = try ArticleRule(configLine: line, at: path)
        } catch {
            throw .notOneLine(reason: error.message)
        }
        guard let readBack, readBack.action == rule.action, readBack.target == rule.target, readBack.query == rule.query else {
            throw .notOneLine(reason: "it would read back differently (a ` # ` in the query starts a comment)")
        }
        let added: [String]
        do {
            added = try ConfigurationFileEditor.addLines([line], to: path, origin: origin)
        } catch {
            throw .cannotWrite(path: path, reason: error.message)
        }
        guard !added.isEmpty else { throw .alreadyThere(line: line) }
        let number = ConfigurationFileEditor.lineNumber(of: line, in: path)
        return ArticleRule(action: rule.action, target: rule.target, query: rule.query,
                           origin: number.map { "\(path):\($0)" } ?? path)
    }

    func erase(_ rule: ArticleRule) throws(RuleEditingError) {
        guard let path else { throw .noConfigFile }
        let removed: Int
        do {
            removed = try ConfigurationFileEditor.removeLines(rule.line, from: path)
        } catch {
            throw .cannotWrite(path: path, reason: error.message)
        }
        if removed == 0 { throw .notInConfig(line: rule.line, path: path) }
    }
}
