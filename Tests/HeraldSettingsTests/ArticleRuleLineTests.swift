import Foundation
import Testing
import HeraldDomain
import HeraldSettings

@Suite("Rule lines of the config file")
struct ArticleRuleLineTests {
    private func read(_ text: String) throws(ConfigurationError) -> [ArticleRule] {
        var configuration = HeraldConfiguration(databasePath: "/default.db")
        try ConfigurationFile(home: "/home/ada").apply(text, from: "/c/config", to: &configuration)
        return configuration.articleRules
    }

    private func refusal(_ text: String) -> String? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("Every action and target is read, in file order, with where it was written")
    func everyActionAndTarget() throws {
        let rules = try read("""
            refresh-concurrency = 4
            rule block * title:sponsored OR "advertiser content"   # ads
            rule keep https://example.com/feed.xml rust OR swift
            rule star tag:science "gravitational waves"
            rule read "Hacker News" title:hiring
            rule tag:release tag:dev title:released
            """)
        #expect(rules.map(\.action) == [.block, .keep, .star, .markRead, .tag("release")])
        #expect(rules.map(\.target) == [.everyFeed, .feed("https://example.com/feed.xml"), .tag("science"),
                                        .feed("Hacker News"), .tag("dev")])
        #expect(rules.map(\.query) == ["title:sponsored OR \"advertiser content\"", "rust OR swift",
                                       "\"gravitational waves\"", "title:hiring", "title:released"])
        #expect(rules.map(\.origin) == ["/c/config:2", "/c/config:3", "/c/config:4", "/c/config:5", "/c/config:6"])
        // A rule written back is read back the same.
        #expect(try read(rules.map(\.line).joined(separator: "\n")).map { ArticleRule(action: $0.action, target: $0.target, query: $0.query) }
            == rules.map { ArticleRule(action: $0.action, target: $0.target, query: $0.query) })
    }

    @Test("A wrong rule is refused with its line and what to write")
    func refusals() {
        #expect(refusal("rule")?.hasPrefix("/c/config:1: expected `rule ACTION TARGET QUERY`") == true)
        #expect(refusal("rule hide * ads")?.contains("`hide` is not a rule action") == true)
        #expect(refusal("rule block")?.contains("needs a target") == true)
        #expect(refusal("\n\nrule block *")?.hasPrefix("/c/config:3: the rule needs a query") == true)
        #expect(refusal("rule block * \"unclosed")?.contains("is not valid") == true)
        #expect(refusal("rule tag: * word")?.contains("not a rule action") == true)
    }
}
