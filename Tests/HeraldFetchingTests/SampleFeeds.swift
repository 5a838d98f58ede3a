/// Feeds shaped like what publishers serve: an RSS 2.0 channel with content:encoded HTML,
/// dc:creator, categories and permalink GUIDs, as WordPress emits.
enum SampleFeeds {
    /// An RSS 2.0 feed with `items` items.
    static func wordPressRSS(items: Int, title: String = "Field Notes") -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" \
            xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom" \
            xmlns:sy="http://purl.org/rss/1.0/modules/syndication/">
            <channel>
            \t<title>\(title)</title>
            \t<atom:link href="https://fieldnotes.example.org/feed/" rel="self" type="application/rss+xml" />
            \t<link>https://fieldnotes.example.org</link>
            \t<description>Notes from the field on birds, weather and small repairs</description>
            \t<lastBuildDate>Tue, 17 Nov 2026 08:12:44 +0000</lastBuildDate>
            \t<language>en-GB</language>
            \t<sy:updatePeriod>hourly</sy:updatePeriod>
            \t<sy:updateFrequency>1</sy:updateFrequency>
            \t<generator>https://wordpress.org/?v=6.8.1</generator>

            """
        for index in 0..<items {
            let day = 17 - index % 15
            xml += """
                \t<item>
                \t\t<title>Week \(46 - index): the heron came back to the pond</title>
                \t\t<link>https://fieldnotes.example.org/2026/11/\(day)/week-\(46 - index)-heron/</link>
                \t\t<dc:creator><![CDATA[Mara Lindqvist]]></dc:creator>
                \t\t<pubDate>Tue, \(day < 10 ? "0" : "")\(day) Nov 2026 07:\(10 + index % 50):00 +0000</pubDate>
                \t\t<category><![CDATA[Birds]]></category>
                \t\t<category><![CDATA[Pond]]></category>
                \t\t<guid isPermaLink="false">https://fieldnotes.example.org/?p=\(4_210 + index)</guid>
                \t\t<description><![CDATA[The grey heron was back at dawn, standing in the reeds for \(20 + index) minutes before the crows chased it off. [&#8230;]]]></description>
                \t\t<content:encoded><![CDATA[<p>The grey heron was back at dawn, standing in the reeds for \(20 + index) minutes before the crows chased it off.</p>
                <p>Water temperature was \(4 + index % 6)&nbsp;°C; the pump needed a new gasket (a 32&nbsp;mm one, not the 30&nbsp;mm the shop sold me).</p>
                <figure><img src="https://fieldnotes.example.org/wp-content/uploads/2026/11/heron-\(index).jpg" alt="A heron in the reeds" width="1024" height="683" /></figure>]]></content:encoded>
                \t</item>

                """
        }
        return xml + "</channel>\n</rss>\n"
    }
}
