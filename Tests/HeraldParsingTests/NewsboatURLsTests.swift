import Foundation
import HeraldDomain
@testable import HeraldParsing
import Testing

/// newsboat's `urls` file read as newsboat reads it (its `tokenize_quoted` and `RssFeed`'s tags).
@Suite("newsboat urls, word by word as newsboat reads it")
struct NewsboatURLsTests {
    @Test("A quoted word ends at its closing quote, a quote inside an unquoted word is a quote, escapes inside quotes")
    func words() {
        #expect(NewsboatURLs.tokenize(##"https://a.example/feed "two words"#comment"##) == ["https://a.example/feed", "two words"])
        #expect(NewsboatURLs.tokenize(#"https://a.example/feed foo"bar baz""#) == ["https://a.example/feed", #"foo"bar"#, #"baz""#])
        #expect(NewsboatURLs.tokenize(#""a\"b\\c" "tab\there""#) == [#"a"b\c"#, "tab\there"])
        #expect(NewsboatURLs.tokenize("  https://a.example/#frag  tag # a comment") == ["https://a.example/#frag", "tag"])
        #expect(NewsboatURLs.tokenize(#""unclosed quote"#) == ["unclosed quote"])
        #expect(NewsboatURLs.tokenize(#"bind-key ^D "`echo \`date\``""#) == ["bind-key", "^D", "`echo \\`date\\``"])
    }

    @Test("Any tag starting with ! hides the feed and is no tag; the first ~ names it; a URL on two lines is one feed with both lines' tags")
    func tags() throws {
        let urls = """
            https://a.example/feed "!work" news "~First name" "~Second name"
            https://b.example/feed tech
            https://a.example/feed linux "~Third name" news
            """
        let contents = NewsboatURLs.readAll(Data(urls.utf8))
        #expect(contents.entries == [
            SubscriptionEntry(feedURL: "https://a.example/feed", title: "First name", tags: ["news", "linux"], isHidden: true),
            SubscriptionEntry(feedURL: "https://b.example/feed", tags: ["tech"]),
        ])
    }

    @Test("A cached guid and link padded with blanks give the identity Herald's parser gives the trimmed ones")
    func paddedGUID() {
        let padded = NewsboatHomeReader.item(guid: "\n  abc-123\n", title: "T", author: "", url: " https://a.example/1 ",
                                             published: 0, content: "", enclosureURL: "", enclosureType: "")
        let plain = NewsboatHomeReader.item(guid: "abc-123", title: "T", author: "", url: "https://a.example/1",
                                            published: 0, content: "", enclosureURL: "", enclosureType: "")
        #expect(padded.identity == plain.identity)
        #expect(padded.id == "abc-123")
    }
}
