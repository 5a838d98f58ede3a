import Foundation
import HeraldDomain
import HeraldInteractors
import HeraldPorts
import HeraldTestSupport
import Synchronization
import Testing

/// A config file in memory: the lines the editor wrote.
private final class RecordedLines: RuleRecording, Sendable {
    let lines = Mutex<[String]>([])

    func record(_ rule: ArticleRule, origin: String) throws(RuleEditingError) -> ArticleRule {
        try lines.withLock { lines throws(RuleEditingError) in
            guard !lines.contains(rule.line) else { throw .alreadyThere(line: rule.line) }
            lines.append(rule.line)
            return ArticleRule(action: rule.action, target: rule.target, query: rule.query, origin: "memory:\(lines.count)")
        }
    }

    func erase(_ rule: ArticleRule) throws(RuleEditingError) {
        try lines.withLock { lines throws(RuleEditingError) in
            guard lines.contains(rule.line) else { throw .notInConfig(line: rule.line, path: "memory") }
            lines.removeAll { $0 == rule.line }
        }
    }
}

@Suite("Adding and removing rules from a front end")
struct RuleEditorTests {
    @Test("Given a rule added, then it is recorded, in force for the next refresh and applied to the stored articles; removed, it leaves force and what it hid stays hidden",
          arguments: Backend.all)
    func addAndRemove(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { (store: AnyStore, feed: Feed) async throws in
            try await StoreFixtures.save([StoreFixtures.item("1", title: "Sponsored: beds"),
                                          StoreFixtures.item("2", title: "Ferries resume")], to: feed.id, in: store)
            let recorder = RecordedLines()
            let applier = RuleApplier(rules: [], feeds: store, articles: store, clock: FixedWallClock(StoreFixtures.epoch))
            let editor = RuleEditor(applier: applier, recorder: recorder)
            let rule = ArticleRule(action: .block, target: .everyFeed, query: "title:sponsored")

            let added = try await editor.add(rule, origin: "a test")

            #expect(added.rule.origin == "memory:1")
            #expect(try added.applied.get().hidden == 1)
            #expect(recorder.lines.withLock { $0 } == ["rule block * title:sponsored"])
            #expect(await applier.book.rules.map(\.line) == ["rule block * title:sponsored"])
            // In force for what a refresh stores next.
            try await StoreFixtures.save([StoreFixtures.item("3", title: "Sponsored: ferries")], to: feed.id, in: store)
            #expect(try await applier.apply(firstSeenSince: nil).hidden == 1)

            try await editor.remove(rule)
            #expect(await applier.book.rules.isEmpty)
            #expect(recorder.lines.withLock { $0 }.isEmpty)
            #expect(try await store.articleIDs(ArticleIDRequest(filter: ArticleFilter(scope: .hidden))).count == 2)
        }
    }

    @Test("Given a refused query or a tag with a space, then nothing is recorded and nothing is in force",
          arguments: Backend.all)
    func refusals(_ backend: Backend) async throws {
        try await backend.withStoreAndFeed { (store: AnyStore, feed: Feed) async throws in
            let recorder = RecordedLines()
            let applier = RuleApplier(rules: [], feeds: store, articles: store, clock: FixedWallClock(StoreFixtures.epoch))
            let editor = RuleEditor(applier: applier, recorder: recorder)
            await #expect(throws: RuleEditingError.self) {
                _ = try await editor.add(ArticleRule(action: .star, target: .everyFeed, query: "\"unclosed"), origin: "a test")
            }
            await #expect(throws: RuleEditingError.notOneLine(reason: "a tag to add has no spaces or `#` (`two words`)")) {
                _ = try await editor.add(ArticleRule(action: .tag("two words"), target: .everyFeed, query: "x"), origin: "a test")
            }
            await #expect(throws: RuleEditingError.notInConfig(line: "rule read * x", path: "memory")) {
                try await editor.remove(ArticleRule(action: .markRead, target: .everyFeed, query: "x"))
            }
            #expect(recorder.lines.withLock { $0 }.isEmpty)
            #expect(await applier.book.rules.isEmpty)
        }
    }
}
