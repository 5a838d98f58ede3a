import Foundation

/// Generates realistic large feeds at benchmark time: WordPress-shaped RSS 2.0 items with
/// HTML descriptions, content:encoded, dc:creator, categories, enclosures and dates, and the
/// equivalent Atom entries.
enum FeedGenerator {
    private static let words = ["garden", "soil", "compost", "seed", "harvest", "autumn", "winter", "bean", "garlic",
                                "onion", "mulch", "frost", "greenhouse", "tomato", "pepper", "water", "root", "leaf"]

    private static func sentence(_ n: Int, _ length: Int) -> String {
        (0..<length).map { words[(n &* 31 &+ $0 &* 7) % words.count] }.joined(separator: " ")
    }

    private static func body(_ n: Int) -> String {
        var html = "<h2>Notes for week \(n % 52)</h2>\n"
        for p in 0..<6 {
            html += "<p>\(sentence(n + p, 30)) <a href=\"https://fieldnotes.example.org/tips/\(n)-\(p)\">read more</a> &amp; <em>\(sentence(p, 3))</em>.</p>\n"
        }
        html += "<ul><li>\(sentence(n, 5))</li><li>\(sentence(n + 1, 5))</li></ul>\n<p><img src=\"/uploads/\(n).jpg\" alt=\"photo\" /></p>\n"
        return html
    }

    private static func date(_ n: Int) -> Date { Date(timeIntervalSince1970: 1_790_000_000 - Double(n) * 3600) }

    static func rss(items: Int) -> Data {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:slash="http://purl.org/rss/1.0/modules/slash/" xmlns:wfw="http://wellformedweb.org/CommentAPI/">
        <channel>
        <title>Field Notes &#8211; Benchmark</title>
        <atom:link href="https://fieldnotes.example.org/feed/" rel="self" type="application/rss+xml" />
        <link>https://fieldnotes.example.org</link>
        <description>Notes from a small allotment</description>
        <language>en-GB</language>

        """
        for n in 0..<items {
            let html = body(n)
            let escaped = String(html.prefix(600)).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            out += """
            <item>
            <title>\(sentence(n, 6)) &#038; more, part \(n)</title>
            <link>https://fieldnotes.example.org/2026/\(n)/</link>
            <comments>https://fieldnotes.example.org/2026/\(n)/#comments</comments>
            <dc:creator><![CDATA[Margaret Hale]]></dc:creator>
            <pubDate>\(formatter.string(from: date(n)))</pubDate>
            <category><![CDATA[Vegetables]]></category>
            <category><![CDATA[\(words[n % words.count])]]></category>
            <category><![CDATA[week \(n % 52)]]></category>
            <guid isPermaLink="false">https://fieldnotes.example.org/?p=\(n)</guid>
            <description>\(escaped)</description>
            <content:encoded><![CDATA[\(html)]]></content:encoded>
            <enclosure url="https://cdn.example.org/audio/\(n).mp3" length="\(1_000_000 + n)" type="audio/mpeg" />
            <wfw:commentRss>https://fieldnotes.example.org/2026/\(n)/feed/</wfw:commentRss>
            <slash:comments>\(n % 17)</slash:comments>
            </item>

            """
        }
        out += "</channel>\n</rss>\n"
        return Data(out.utf8)
    }

    static func atom(items: Int) -> Data {
        let formatter = ISO8601DateFormatter()
        var out = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en" xml:base="https://journal.example.net/">
        <title>Marginalia benchmark</title>
        <link rel="alternate" href="/"/>
        <id>tag:journal.example.net,2009:feed</id>
        <updated>2026-11-20T21:05:33Z</updated>

        """
        for n in 0..<items {
            let escaped = body(n).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            out += """
            <entry>
            <title type="html">\(sentence(n, 6)) &amp;amp; more, part \(n)</title>
            <link rel="alternate" type="text/html" href="posts/\(n)/"/>
            <link rel="enclosure" type="audio/mpeg" length="\(1_000_000 + n)" href="/audio/\(n).mp3"/>
            <id>tag:journal.example.net,2026:/posts/\(n)</id>
            <published>\(formatter.string(from: date(n)))</published>
            <updated>\(formatter.string(from: date(n - 1)))</updated>
            <author><name>Ana Lindqvist</name><uri>/about/</uri></author>
            <category term="\(words[n % words.count])" scheme="https://journal.example.net/tags/"/>
            <category term="week-\(n % 52)"/>
            <summary type="text">\(sentence(n, 25))</summary>
            <content type="html">\(escaped)</content>
            </entry>

            """
        }
        out += "</feed>\n"
        return Data(out.utf8)
    }
}
