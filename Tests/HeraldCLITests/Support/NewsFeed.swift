/// One item of a generated feed.
struct NewsItem: Sendable {
    var guid: String
    var title: String
    var link: String
    /// RFC 822, as RSS publishers write it.
    var date: String
    /// The item's HTML body.
    var html: String
}

/// Small RSS 2.0 documents shaped like a local news site's (channel metadata, HTML bodies in CDATA,
/// permalinks), served by the tests' HTTP server.
enum NewsFeed {
    /// An RSS 2.0 document.
    static func rss(title: String, site: String, items: [NewsItem]) -> String {
        let entries = items.map { item in
            """
                <item>
                  <title>\(item.title)</title>
                  <link>\(item.link)</link>
                  <guid isPermaLink="false">\(item.guid)</guid>
                  <pubDate>\(item.date)</pubDate>
                  <dc:creator><![CDATA[Harbour Desk]]></dc:creator>
                  <description><![CDATA[\(item.html)]]></description>
                </item>
            """
        }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
              <channel>
                <title>\(title)</title>
                <link>\(site)</link>
                <description>News from the harbour town</description>
                <language>en-gb</language>
                <lastBuildDate>Wed, 18 Nov 2026 07:30:00 +0000</lastBuildDate>
            \(entries)
              </channel>
            </rss>
            """
    }

    /// Three articles of "Harbour Gazette"; the first has a long body with two links.
    static let harbourItems: [NewsItem] = [
        NewsItem(guid: "harbour-1041", title: "Lighthouse keepers restore the old foghorn",
                 link: "https://harbour.example.net/2026/11/foghorn/", date: "Wed, 18 Nov 2026 07:15:00 +0000",
                 html: """
                     <p>After two winters of silence the foghorn on the north pier sounds again. Volunteers \
                     rebuilt the compressor, replaced the diaphragm and repainted the trumpet in its original \
                     red, following the drawings kept in the town archive.</p>\
                     <p>Read the <a href="https://harbour.example.net/history/foghorn">history of the foghorn</a> \
                     or <a href="https://harbour.example.net/volunteer">join the volunteers</a>.</p>
                     """),
        NewsItem(guid: "harbour-1040", title: "Ferry timetable changes for winter",
                 link: "https://harbour.example.net/2026/11/ferry/", date: "Tue, 17 Nov 2026 16:40:00 +0000",
                 html: "<p>From December the island ferry leaves at 08:10 and 15:30 on weekdays.</p>"),
        NewsItem(guid: "harbour-1039", title: "Fish market opens at dawn on Saturdays",
                 link: "https://harbour.example.net/2026/11/market/", date: "Mon, 16 Nov 2026 06:05:00 +0000",
                 html: "<p>Mackerel, crab and the first sprats of the season, straight from the boats; the ferry crews get first pick.</p>"),
    ]

    /// "Harbour Gazette" with `harbourItems`.
    static let harbour = rss(title: "Harbour Gazette", site: "https://harbour.example.net/", items: harbourItems)
}
