import Foundation
import HeraldDomain
import HeraldTestSupport
import Testing

@Suite("Tags created on their own (empty categories)")
struct KeptTagTests {
    @Test("Given tags kept on their own, when kept twice, renamed onto another and forgotten, then the store lists each once, merges, and leaves tags it never kept alone",
          arguments: Backend.all)
    func keptTags(_ backend: Backend) async throws {
        try await backend.withStore { store in
            #expect(try await store.keptTags().isEmpty)
            try await store.keepTag("reading")
            try await store.keepTag("reading")
            try await store.keepTag("Ärzte & Co")
            #expect(try await store.keptTags().sorted() == ["reading", "Ärzte & Co"].sorted())
            try await store.renameKeptTag("reading", to: "later")
            #expect(try await store.keptTags().sorted() == ["later", "Ärzte & Co"].sorted())
            try await store.renameKeptTag("later", to: "Ärzte & Co")
            #expect(try await store.keptTags() == ["Ärzte & Co"])
            try await store.renameKeptTag("never kept", to: "something")
            #expect(try await store.keptTags() == ["Ärzte & Co"])
            try await store.renameKeptTag("Ärzte & Co", to: nil)
            #expect(try await store.keptTags().isEmpty)
        }
    }
}
