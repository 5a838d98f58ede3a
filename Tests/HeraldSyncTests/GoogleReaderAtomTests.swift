import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Herald
@testable import HeraldSync
import HeraldTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

extension SyncSuite {
    @Suite("Google Reader's Atom streams (/reader/atom/STREAM)")
    struct GoogleReaderAtomTests {
        /// What an XML parser reads of an Atom stream: each entry's title and category labels, and
        /// the continuation; nil when the document is not well-formed.
        final class AtomReading: NSObject, XMLParserDelegate {
            var titles: [String] = []
            var labels: [[String]] = []
            var continuation: String?
            /// Each entry's link, original id, author, content and enclosure type, in the order read.
            var links: [String] = []
            var originalIDs: [String] = []
            var authors: [String] = []
            var contents: [String] = []
            var enclosureTypes: [String] = []
            private var text = ""
            private var inEntry = false
            private var inSource = false

            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) {
                text = ""
                switch name {
                case "entry": inEntry = true; labels.append([])
                case "source": inSource = true
                case "category" where inEntry && !inSource: labels[labels.count - 1].append(attributes["label"] ?? "")
                case "link" where inEntry && !inSource:
                    if attributes["rel"] == "enclosure" { enclosureTypes.append(attributes["type"] ?? "") } else { links.append(attributes["href"] ?? "") }
                case "id" where inEntry && !inSource: originalIDs.append(attributes["gr:original-id"] ?? "")
                default: break
                }
            }

            func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
                switch name {
                case "title" where inEntry && !inSource: titles.append(text)
                case "name" where inEntry && !inSource: authors.append(text)
                case "content" where inEntry: contents.append(text)
                case "source": inSource = false
                case "entry": inEntry = false
                case "gr:continuation", "continuation": continuation = text
                default: break
                }
            }

            static func read(_ data: Data) -> AtomReading? {
                let reading = AtomReading()
                let parser = XMLParser(data: data)
                parser.delegate = reading
                return parser.parse() ? reading : nil
            }
        }

        @Test("A feed's stream as well-formed Atom: states as Google's categories (read, fresh, starred, labels), n and the continuation, the unread of the reading list; signing in is required")
        func feedStream() async throws {
            try await SyncFixture.with { fixture in
                let feeds = try await fixture.herald.feeds()
                let harbour = try #require(feeds.first { $0.displayTitle == "Harbour" })
                let entries = try await fixture.herald.syncEntries(SyncEntryRequest(filter: ArticleFilter(scope: .feed(harbour.id))))
                    .entries
                _ = try await fixture.herald.apply(.read(true, ids: [entries[0].id]))
                _ = try await fixture.herald.apply(.starred(true, ids: [entries[1].id]))
                try await fixture.test { client in
                    let headers = try await GoogleReaderAPITests.signIn(client)
                    let response = try await client.execute(uri: "/reader/atom/feed%2F\(harbour.id.rawValue)?n=3", method: .get,
                                                            headers: headers)
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "application/atom+xml; charset=utf-8")
                    let first = try #require(AtomReading.read(Data(buffer: response.body)), "not well-formed")
                    #expect(first.titles == ["Harbour story 1", "Harbour story 2", "Harbour story 3"])
                    let continuation = try #require(first.continuation)
                    let rest = try await client.execute(uri: "/api/greader.php/reader/atom/feed/\(harbour.id.rawValue)?n=3&c=\(continuation)",
                                                        method: .get, headers: headers)
                    let second = try #require(AtomReading.read(Data(buffer: rest.body)))
                    #expect(second.titles == ["Harbour story 4", "Harbour story 5"])
                    #expect(second.continuation == nil)

                    let byTitle = Dictionary(uniqueKeysWithValues: zip(first.titles + second.titles, first.labels + second.labels))
                    let read = try #require(byTitle[entries[0].title]), starred = try #require(byTitle[entries[1].title])
                    #expect(read.contains("read") && !read.contains("fresh"))
                    #expect(starred.contains("fresh") && starred.contains("starred") && starred.contains("news"))
                    #expect(byTitle.values.allSatisfy { $0.contains("reading-list") })

                    // The feed named by its URL, as Google Reader's first clients named streams.
                    let byURL = try await client.execute(uri: "/reader/atom/feed/\(harbour.url)?n=3", method: .get, headers: headers)
                    #expect(AtomReading.read(Data(buffer: byURL.body))?.titles == first.titles, "\(String(buffer: byURL.body).prefix(300))")
                    let unread = try await client.execute(uri: "/reader/atom/user/-/state/com.google/reading-list?xt=user/-/state/com.google/read&n=100&r=o",
                                                          method: .get, headers: headers)
                    #expect(AtomReading.read(Data(buffer: unread.body))?.titles.count == 7)
                    let unsigned = try await client.execute(uri: "/reader/atom/feed%2F\(harbour.id.rawValue)", method: .get)
                    #expect(unsigned.status == .unauthorized)
                }
            }
        }

        @Test("Any text in any field (2,000 random strings of controls, markup, quotes, astral and noncharacters) leaves the document well-formed, and what XML can carry survives")
        func randomTextStaysWellFormed() throws {
            var state: UInt64 = 0x5EED_A70B
            func next() -> UInt64 {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
            let ranges: [ClosedRange<UInt32>] = [0x0...0x1F, 0x20...0x7E, 0x7F...0x9F, 0xA0...0x2FF, 0xFFF0...0xFFFF,
                                                 0x1F600...0x1F64F, 0x10FFF0...0x10FFFF]
            func text() -> String {
                var scalars = String.UnicodeScalarView()
                for _ in 0..<Int(next() % 40) {
                    let range = ranges[Int(next() % UInt64(ranges.count))]
                    let value = range.lowerBound + UInt32(next() % UInt64(range.upperBound - range.lowerBound + 1))
                    if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
                }
                return String(scalars)
            }
            for round in 0..<2_000 {
                let title = text()
                let entry = SyncEntry(id: ArticleID(Int64(round + 1)), feedID: FeedID(1), title: title, url: text(),
                                      author: text(), commentsURL: nil, date: Date(timeIntervalSince1970: 1_795_000_000),
                                      firstSeenAt: Date(timeIntervalSince1970: 1_795_000_000), html: text(),
                                      enclosures: [Enclosure(url: text(), type: text(), length: 12)],
                                      isRead: round % 2 == 0, isStarred: false, identity: text())
                let document = GoogleReaderAtom.document(streamID: text(), title: text(), entries: [entry], feeds: [:],
                                                         continuation: text(), now: Date(timeIntervalSince1970: 0))
                let reading = try #require(AtomReading.read(Data(document.utf8)), "not well-formed for \(title.unicodeScalars.map(\.value))")
                // What XML 1.0 can carry comes back as it was, in text and in attributes alike.
                func carried(_ text: String) -> String {
                    String(String.UnicodeScalarView(text.unicodeScalars.filter {
                        $0.value >= 0x20 && $0.value != 0xFFFE && $0.value != 0xFFFF || $0 == "\t" || $0 == "\n" || $0 == "\r"
                    }))
                }
                #expect(reading.titles == [carried(title)], "round \(round)")
                let url = entry.url ?? ""
                #expect(reading.links == (url.isEmpty ? [] : [carried(url)]), "round \(round)")
                #expect(reading.originalIDs == [carried(entry.identity)], "round \(round)")
                #expect(reading.contents == [carried(entry.html)], "round \(round)")
                #expect(reading.enclosureTypes == [carried(entry.enclosures[0].type ?? "")], "round \(round)")
                let author = entry.author ?? ""
                #expect(reading.authors == (author.isEmpty ? [] : [carried(author)]), "round \(round)")
            }
        }

        @Test("The escaping keeps markup characters and drops what XML cannot carry")
        func escaping() {
            #expect(GoogleReaderAtom.escaped("Fish & chips <\"cheap\">") == "Fish &amp; chips &lt;&quot;cheap&quot;&gt;")
            #expect(GoogleReaderAtom.escaped("Red\u{1B}[31m alert\u{0}\u{7}\u{FFFE}\tend\r\n") == "Red[31m alert&#9;end&#13;&#10;")
            let document = GoogleReaderAtom.document(streamID: "feed/1", title: "T\u{1B}", entries: [], feeds: [:],
                                                     continuation: "c&d", now: Date(timeIntervalSince1970: 0))
            #expect(document.contains("<updated>1970-01-01T00:00:00Z</updated>"))
            #expect(AtomReading.read(Data(document.utf8))?.continuation == "c&d")
        }
    }
}
