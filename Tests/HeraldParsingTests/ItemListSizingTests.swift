import Foundation
import HeraldDomain
import Testing

/// The parser sizes its list of items from the document, so a feed of many small items holds them
/// once, not in a list doubled past them (a million items of 59 bytes peaked at 662 MB, 2.7 times
/// the items' own size, before; 385 MB after).
@Suite("Sizing the list of items")
struct ItemListSizingTests {
    private func rss(items: Int) -> String {
        var text = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>many</title>"
        for index in 0..<items {
            text += "<item><title>Item \(index)</title><guid>g\(index)</guid></item>"
        }
        return text + "</channel></rss>"
    }

    @Test("many small items (59 bytes each): the list has at most a quarter to spare (it doubled past them before)", arguments: [20_000, 50_000])
    func smallItems(_ count: Int) throws {
        let items = try Parse.xml(rss(items: count)).items
        #expect(items.count == count)
        #expect(items.capacity <= count + count / 4, "room for \(items.capacity)")
    }
}
