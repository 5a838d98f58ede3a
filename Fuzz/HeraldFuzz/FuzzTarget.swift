import Foundation
import HeraldDomain
import HeraldParsing
import HeraldStore

/// What one fuzz run exercises, chosen by `HERALD_FUZZ_TARGET`.
enum FuzzTarget: String, CaseIterable {
    /// The feed parser (RSS, Atom, RDF, JSON Feed; encodings, gzip, limits).
    case feed
    /// The HTML-to-text renderer of article bodies.
    case html
    /// The OPML and newsboat `urls` readers.
    case subscriptions
    /// The search query language, through a real (in-memory) store: every query either runs or is
    /// refused as an invalid query, never as a database error (which would show SQL to the user).
    case search
    /// The HTML sanitiser of the web front end: its output, read back by libxml2, holds only the
    /// allow-list, and sanitising it again changes nothing.
    case sanitizer
    /// The config file grammar: a refusal names the file, and an accepted configuration keeps the
    /// settings' rules (durations in range, minimum interval at most the maximum, positive counts).
    case config
    /// The article extractor: any page gives a result (never a crash, a hang or a leak), and its
    /// HTML is the sanitiser's (sanitising it again changes nothing).
    case extract

    /// The target named by the environment, `feed` by default.
    static var current: FuzzTarget {
        ProcessInfo.processInfo.environment["HERALD_FUZZ_TARGET"].flatMap(FuzzTarget.init(rawValue:)) ?? .feed
    }

    private static let parser = LibXMLFeedParser()
    private static let renderer = LibXMLHTMLRenderer()
    private static let lists = SubscriptionListConverter()
    private static let extractor = LibXMLArticleExtractor()
    private static let pageSanitizer = LibXMLHTMLSanitizer()

    /// Runs one input; a crash, a leak or a hang is the finding, any result or error is fine.
    func run(_ data: Data) {
        switch self {
        case .feed:
            _ = try? Self.parser.parseFeed(data, documentURL: "https://example.org/feed.xml", transportCharset: nil)
        case .html:
            _ = Self.renderer.render(html: String(decoding: data, as: UTF8.self), baseURL: "https://example.org/a/")
        case .subscriptions:
            _ = try? Self.lists.readSubscriptions(from: data)
        case .search:
            SearchFuzzing.run(String(decoding: data.prefix(4_096), as: UTF8.self))
        case .sanitizer:
            SanitizerFuzzing.run(data)
        case .config:
            ConfigFuzzing.run(data)
        case .extract:
            let article = Self.extractor.extractArticle(from: data, pageURL: "https://example.org/a/page.html", charset: nil)
            if Self.pageSanitizer.sanitize(html: article.html, baseURL: "https://example.org/a/page.html") != article.html {
                fatalError("extracted HTML is not the sanitiser's: \(article.html.debugDescription)")
            }
        }
    }
}
