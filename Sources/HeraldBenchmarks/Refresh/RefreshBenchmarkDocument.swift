import HeraldWeb

/// One generated RSS 2.0 document of the refresh benchmark, shaped like a news site's feed:
/// channel metadata, then items with a title, link, guid, pubDate, dc:creator, categories,
/// an entity-escaped HTML description of a few hundred bytes and a CDATA content:encoded body.
/// The text depends only on the feed number and the item count, so every request for the same
/// path gets the same bytes (and the same validators).
struct RefreshBenchmarkDocument {
    /// The newest item's date (Unix seconds): Sunday 22 November 2026, 08:00 GMT.
    static let newest = 1_795_334_400

    private var random: SplitMix
    private let feed: Int
    private let site: String

    private init(feed: Int) {
        self.feed = feed
        self.random = SplitMix(seed: UInt64(feed) &* 0x9E37_79B9 &+ 17)
        self.site = "https://news\(feed).example.com"
    }

    /// The RSS text of feed `feed` with `items` items, newest first.
    static func rss(feed: Int, items: Int) -> String {
        var document = RefreshBenchmarkDocument(feed: feed)
        return document.text(items: items)
    }

    private mutating func text(items: Int) -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" \
            xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom" \
            xmlns:sy="http://purl.org/rss/1.0/modules/syndication/">
            <channel>
            <title>The \(Self.capitalized(word())) \(Self.capitalized(word())) Gazette (\(feed))</title>
            <atom:link href="\(site)/feed.xml" rel="self" type="application/rss+xml"/>
            <link>\(site)/</link>
            <description>News, analysis and comment from desk \(feed) &amp; its correspondents.</description>
            <language>en-GB</language>
            <lastBuildDate>\(RefreshBenchmarkDates.http(Self.newest))</lastBuildDate>
            <sy:updatePeriod>hourly</sy:updatePeriod>
            <sy:updateFrequency>1</sy:updateFrequency>
            <generator>WordPress 6.6.2</generator>

            """
        xml.reserveCapacity(items * 2_400)
        for number in 0..<items {
            item(number, into: &xml)
        }
        xml += "</channel>\n</rss>\n"
        return xml
    }

    private mutating func item(_ number: Int, into xml: inout String) {
        let title = Self.capitalized(sentence(words: 6 + Int(random.next() % 7)))
            + (random.next() % 5 == 0 ? " &amp; \(word())" : "")
        let slug = "\(feed)-\(number)-" + String(title.prefix(24).lowercased().map { $0.isLetter ? $0 : "-" })
        let link = "\(site)/2026/11/\(slug)/"
        let published = Self.newest - number * 1_800 - Int(random.next() % 900)
        let author = "\(Self.capitalized(word())) \(Self.capitalized(word()))son"
        let lead = sentence(words: 24)
        xml += """
            <item>
            <title>\(title)</title>
            <link>\(link)</link>
            <dc:creator><![CDATA[\(author)]]></dc:creator>
            <pubDate>\(RefreshBenchmarkDates.http(published))</pubDate>
            <category><![CDATA[\(Self.capitalized(word()))]]></category>
            <category><![CDATA[\(Self.capitalized(word()))]]></category>
            <category><![CDATA[Desk \(feed % 12)]]></category>
            <guid isPermaLink="false">\(site)/?p=\(90_000 + number)</guid>
            <description>&lt;p&gt;\(lead). \(sentence(words: 18)).&lt;/p&gt;\
            &lt;p&gt;The post &lt;a href=&quot;\(link)&quot;&gt;\(title.prefix(40))&lt;/a&gt; \
            appeared first on &lt;a href=&quot;\(site)&quot;&gt;Gazette \(feed)&lt;/a&gt;.&lt;/p&gt;</description>
            <content:encoded><![CDATA[<p>\(lead). \(sentence(words: 30)).</p>
            <figure class="wp-block-image"><img src="\(site)/wp-content/uploads/2026/11/\(slug).jpg" \
            alt="\(sentence(words: 5))" width="1200" height="800" loading="lazy"/>\
            <figcaption>\(sentence(words: 9)). Photo: \(author)</figcaption></figure>
            <p>\(sentence(words: 40)), <em>\(sentence(words: 4))</em>, \(sentence(words: 25)).</p>
            <blockquote><p>\(Self.capitalized(sentence(words: 14))).</p></blockquote>
            <p>\(sentence(words: 35)). <a href="\(site)/tag/\(word())/">Read more about \(word())</a>.</p>
            ]]></content:encoded>
            </item>

            """
    }

    /// The RSS text of feed `feed` in the shape of `scripts/neutral-feed-server`: a blog's feed
    /// whose items carry one entity-escaped HTML description of two to four paragraphs (three to
    /// six sentences, now and then a link or emphasis). The words come from this benchmark's
    /// longer list, so sentences are 7 to 17 words (the Python server's are 8 to 20 of shorter
    /// words): the documents are the same size, 80–100 KB at 50 items.
    static func neutral(feed: Int, items: Int) -> String {
        var document = RefreshBenchmarkDocument(feed: feed)
        return document.neutralText(items: items)
    }

    private mutating func neutralText(items: Int) -> String {
        let site = "https://blog\(feed).example.org"
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0">
            <channel>
            <title>\(sentence(words: 2 + Int(random.next() % 3))) (\(feed))</title>
            <link>\(site)/</link>
            <description>Notes and essays from blog \(feed)</description>
            <language>en</language>
            <lastBuildDate>\(RefreshBenchmarkDates.http(Self.newest))</lastBuildDate>

            """
        xml.reserveCapacity(items * 1_900)
        for number in 0..<items {
            let title = sentence(words: 4 + Int(random.next() % 7))
            let slug = title.lowercased().split(separator: " ").prefix(6).joined(separator: "-")
            let published = Self.newest - number * 18_000 - Int(random.next() % 3_600)
            let link = "\(site)/2026/11/\(slug)-\(number)/"
            var html: [String] = []
            for _ in 0..<(2 + Int(random.next() % 3)) { html.append(paragraph(site: site)) }
            xml += """
                <item>
                <title>\(title)</title>
                <link>\(link)</link>
                <guid isPermaLink="true">\(link)</guid>
                <pubDate>\(RefreshBenchmarkDates.http(published))</pubDate>
                <description>\(HTMLWriter.escaped(html.joined(separator: "\n")))</description>
                </item>

                """
        }
        xml += "</channel>\n</rss>\n"
        return xml
    }

    /// A paragraph of three to six sentences, now and then with a link or emphasis.
    private mutating func paragraph(site: String) -> String {
        var parts: [String] = []
        for _ in 0..<(3 + Int(random.next() % 4)) {
            var text = sentence(words: 7 + Int(random.next() % 11))
            let roll = random.next() % 100
            if roll < 15 {
                let tag = word()
                text += " (see <a href=\"\(site)/tag/\(tag)/\">more on \(tag)</a>)"
            } else if roll < 25 {
                text += ", <em>\(sentence(words: 2 + Int(random.next() % 3)).lowercased())</em>"
            }
            parts.append(text + ".")
        }
        return "<p>" + parts.joined(separator: " ") + "</p>"
    }

    private mutating func word() -> String {
        RefreshBenchmarkWords.all[Int(random.next() % UInt64(RefreshBenchmarkWords.all.count))]
    }

    private mutating func sentence(words count: Int) -> String {
        var text = Self.capitalized(word())
        for _ in 1..<count { text += " " + word() }
        return text
    }

    private static func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}

/// SplitMix64: a tiny, fast, seedable generator, so the corpus is the same on every run.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
