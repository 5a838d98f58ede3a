import Foundation
import HeraldDomain
import HeraldParsing
import Testing

@Suite("Podcast episodes: iTunes and Podcasting 2.0 tags")
struct PodcastEpisodeTests {
    static let feed = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"
             xmlns:podcast="https://podcastindex.org/namespace/1.0">
        <channel><title>Harbour Radio</title><link>https://radio.example/</link>
        <itunes:image href="https://radio.example/show.jpg"/>
        <item><title>Tides</title><guid>e5</guid>
          <enclosure url="https://cdn.example/e5.mp3" type="audio/mpeg" length="1234"/>
          <itunes:duration>1:02:03</itunes:duration>
          <itunes:episode>5</itunes:episode><itunes:season> 2 </itunes:season>
          <itunes:episodeType>Bonus</itunes:episodeType><itunes:explicit>yes</itunes:explicit>
          <itunes:image href="/art/e5.jpg"/>
          <podcast:chapters url="https://radio.example/e5/chapters.json" type="application/json+chapters"/>
          <podcast:transcript url="https://radio.example/e5.vtt" type="text/vtt" language="en"/>
          <podcast:transcript type="text/html"/>
          <podcast:funding url="https://radio.example/support">Buy us a coffee</podcast:funding>
          <podcast:person role="guest" href="https://ada.example/" img="https://ada.example/ada.jpg">Ada Lovelace</podcast:person>
          <podcast:person>Grace Hopper</podcast:person>
          <podcast:person role="guest">   </podcast:person>
        </item>
        <item><title>Short</title><guid>e6</guid><itunes:duration>45:07</itunes:duration><itunes:explicit>clean</itunes:explicit>
          <podcast:episode>6.5</podcast:episode></item>
        <item><title>Seconds</title><guid>e7</guid><itunes:duration>3723</itunes:duration></item>
        <item><title>Nonsense</title><guid>e8</guid><itunes:duration>about an hour</itunes:duration>
          <itunes:episode>-3</itunes:episode><itunes:explicit>maybe</itunes:explicit>
          <itunes:duration>1:2:3:4</itunes:duration></item>
        <item><title>Plain</title><guid>e9</guid><description>No podcast here.</description></item>
        </channel></rss>
        """

    @Test("Every field of a full episode is read: duration, numbers, type, explicit, artwork, chapters, transcripts, funding, people")
    func fullEpisode() throws {
        let parsed = try LibXMLFeedParserHarness.parse(Self.feed, url: "https://radio.example/feed.xml")
        let episode = try #require(parsed.items.first?.episode)
        #expect(episode.duration == 3723)
        #expect(episode.episode == 5 && episode.season == 2)
        #expect(episode.episodeType == "bonus")
        #expect(episode.isExplicit == true)
        #expect(episode.image == "https://radio.example/art/e5.jpg")
        #expect(episode.chapters == [PodcastLink(url: "https://radio.example/e5/chapters.json", type: "application/json+chapters")])
        #expect(episode.transcripts == [PodcastLink(url: "https://radio.example/e5.vtt", type: "text/vtt", language: "en")],
                "a transcript without url is left out")
        #expect(episode.funding == [PodcastLink(url: "https://radio.example/support", title: "Buy us a coffee")])
        #expect(episode.persons == [
            PodcastPerson(name: "Ada Lovelace", role: "guest", url: "https://ada.example/", image: "https://ada.example/ada.jpg"),
            PodcastPerson(name: "Grace Hopper", role: "host"),
        ], "the namespace's default role is host; a person without a name is left out")
        #expect(parsed.items.first?.enclosures.count == 1)
    }

    @Test("Durations as MM:SS and seconds, decimal episode numbers, clean; nonsense is ignored, not guessed; items without tags have none")
    func variantsAndNonsense() throws {
        let items = try LibXMLFeedParserHarness.parse(Self.feed, url: nil).items
        #expect(items[1].episode?.duration == 2707)
        #expect(items[1].episode?.isExplicit == false)
        #expect(items[1].episode?.episode == 6)
        #expect(items[2].episode?.duration == 3723)
        #expect(items[3].episode == nil, "\(String(describing: items[3].episode))")
        #expect(items[4].episode == nil)
    }

    @Test("The channel's people and funding go to its episodes that name none of their own; an item's own win; a text item gets none")
    func channelPeopleAndFundingAreInherited() throws {
        let feed = """
            <rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>Show</title>
            <podcast:person role="Host">Sam Host</podcast:person>
            <podcast:funding url="/support">Support us</podcast:funding>
            <item><title>One</title><guid>1</guid><enclosure url="https://cdn.example/1.mp3" type="audio/mpeg"/></item>
            <item><title>Two</title><guid>2</guid><enclosure url="https://cdn.example/2.mp3" type="audio/mpeg"/>
              <podcast:person role="guest">Rosa Baker</podcast:person></item>
            <item><title>News</title><guid>3</guid><description>No episode.</description></item>
            </channel></rss>
            """
        let items = try LibXMLFeedParserHarness.parse(feed, url: "https://show.example/feed.xml").items
        #expect(items[0].episode?.persons == [PodcastPerson(name: "Sam Host", role: "host")])
        #expect(items[0].episode?.funding == [PodcastLink(url: "https://show.example/support", title: "Support us")])
        #expect(items[1].episode?.persons == [PodcastPerson(name: "Rosa Baker", role: "guest")])
        #expect(items[1].episode?.funding.count == 1)
        #expect(items[2].episode == nil)
    }
}

/// Parses with a document URL, for relative links.
enum LibXMLFeedParserHarness {
    static func parse(_ text: String, url: String?) throws -> ParsedFeed {
        try LibXMLFeedParser().parseFeed(Data(text.utf8), documentURL: url, transportCharset: nil)
    }
}
