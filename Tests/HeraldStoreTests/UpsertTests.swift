import HeraldStoreCore
import Foundation
import HeraldDomain
import Testing
@testable import HeraldStore

/// The shared upsert behaviour is tested on both backends (Tests/HeraldStoreBackendTests).
@Suite("Storing fetched feeds: SQLite")
struct UpsertTests {
    @Test func htmlBodiesAreIndexedAsText() {
        let text = IndexText.of(TextConstruct(type: .html, value: "<p>Fish &amp; chips</p><br/>caf&#233;\n\n ok"))
        #expect(text == "Fish & chips café ok")
    }
}
