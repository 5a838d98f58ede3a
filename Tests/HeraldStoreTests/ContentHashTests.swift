import Foundation
import HeraldDomain
import HeraldTestSupport
import Testing
@testable import HeraldStore

/// Stored `content_hash` values must not change between versions: a change would make every
/// stored article look updated on the next refresh.
@Suite("Content hash")
struct ContentHashTests {
    @Test func theHashOfAKnownItemNeverChanges() {
        var item = StoreFixtures.item("guid-1", title: "Climate report", body: "<p>Sea levels</p>",
                                      updated: StoreFixtures.epoch.addingTimeInterval(60))
        item.comments = "https://news.example.org/guid-1#comments"
        item.enclosures = [Enclosure(url: "https://cdn.example.org/a.mp3", type: "audio/mpeg", length: 1_234)]
        // The value written by the first released schema's code.
        #expect(ItemFields(item).hash == -7_309_752_951_582_136_511)
    }
}
