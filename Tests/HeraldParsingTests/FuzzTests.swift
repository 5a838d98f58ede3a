import Foundation
import HeraldDomain
import HeraldParsing
import Testing

/// A small deterministic generator (SplitMix64) so that failures can be reproduced.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("Property: any bytes parse or fail cleanly")
struct FuzzTests {
    static let seeds = ["wordpress-rss2.xml", "atom10-xhtml-xmlbase.xml", "rdf10-dc.xml", "jsonfeed-11.json", "podcast-itunes.xml"]

    @Test func randomBytesNeverCrash() {
        var rng = SeededGenerator(state: 42)
        let parser = LibXMLFeedParser()
        let alphabet = Array("<>&;/=\"' ?!-[]{}:,#x0aZ\n".utf8)
        for _ in 0..<1500 {
            let count = Int.random(in: 0...300, using: &rng)
            let bytes = (0..<count).map { _ in
                Bool.random(using: &rng) ? alphabet.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng)
            }
            check(parser, Data(bytes))
        }
    }

    @Test func mutatedFixturesNeverCrash() throws {
        var rng = SeededGenerator(state: 7)
        let parser = LibXMLFeedParser()
        for name in Self.seeds {
            let original = Array(try Fixtures.data("feeds/" + name))
            for _ in 0..<300 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...12, using: &rng) {
                    let at = Int.random(in: 0..<bytes.count, using: &rng)
                    switch Int.random(in: 0..<4, using: &rng) {
                    case 0: bytes[at] = UInt8.random(in: 0...255, using: &rng)
                    case 1: bytes.remove(at: at)
                    case 2: bytes.insert(Array("<&>\"".utf8).randomElement(using: &rng)!, at: at)
                    default: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...200, using: &rng)))
                    }
                    if bytes.isEmpty { break }
                }
                check(parser, Data(bytes))
            }
        }
    }

    private func check(_ parser: LibXMLFeedParser, _ data: Data) {
        do {
            let feed = try parser.parseFeed(data, documentURL: "https://example.com/feed", transportCharset: nil)
            for item in feed.items { #expect(!item.identity.isEmpty) }
        } catch {
            #expect(!error.message.isEmpty)
        }
    }
}
