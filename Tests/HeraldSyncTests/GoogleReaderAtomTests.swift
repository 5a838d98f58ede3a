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
                default: break
                }
            }

            func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
                switch name {
                case "title" where inEntry && !inSource: titles.append(text)
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

                    let unread = try await client.execute(uri: "/reader/atom/user/-/state/com.google/reading-list?xt=user/-/state/com.google/read&n=100&r=o",
                                                          method: .get, headers: headers)
                    #expect(AtomReading.read(Data(buffer: unread.body))?.titles.count == 7)
                    let unsigned = try await client.execute(uri: "/reader/atom/feed%2F\(harbour.id.rawValue)", method: .get)
                    #expect(unsigned.status == .unauthorized)
                }
            }
        }

        @Test("The escaping keeps markup characters and drops what XML cannot carry")
        func escaping() {
            #expect(GoogleReaderAtom.escaped("Fish & chips <\"cheap\">") == "Fish &amp; chips &lt;&quot;cheap&quot;&gt;")
            #expect(GoogleReaderAtom.escaped("Red\u{1B}[31m alert\u{0}\u{7}\u{FFFE}\tend\n") == "Red[31m alert\tend\n")
            let document = GoogleReaderAtom.document(streamID: "feed/1", title: "T\u{1B}", entries: [], feeds: [:],
                                                     continuation: "c&d", now: Date(timeIntervalSince1970: 0))
            #expect(document.contains("<updated>1970-01-01T00:00:00Z</updated>"))
            #expect(AtomReading.read(Data(document.utf8))?.continuation == "c&d")
        }
    }
}
