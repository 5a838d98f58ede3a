import Foundation
import HeraldDomain
import HeraldParsing

/// Extracting the article of a web page on its own (no store, fetcher or engine), and the
/// documented JSON form of the result (Docs/json-schema.md, "Extracted article").
public enum ArticlePages {
    /// Extracts the article of a page with the real extractor, the configuration's per-site rules
    /// before the built-in ones.
    /// The page is consumed (see ``ArticleExtracting``).
    public static func extract(_ page: consuming Data, pageURL: String?, charset: String?,
                               rules: [ExtractionRule] = []) -> ExtractedArticle {
        LibXMLArticleExtractor(rules: rules + BuiltInExtractionRules.all)
            .extractArticle(from: consume page, pageURL: pageURL, charset: charset)
    }

    /// `{"title", "byline", "excerpt", "siteName", "published", "lang", "dir", "image",
    /// "readerable", "html", "text"}`, absent values as `null`, followed by nothing.
    public static func json(_ article: ExtractedArticle) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(Document(article))) ?? Data("{}".utf8)
    }

    private struct Document: Encodable {
        let article: ExtractedArticle
        init(_ article: ExtractedArticle) { self.article = article }

        enum Keys: String, CodingKey {
            case title, byline, excerpt, siteName, published, lang, dir, image, readerable, html, text
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(article.title, forKey: .title)
            try container.encode(article.byline, forKey: .byline)
            try container.encode(article.excerpt, forKey: .excerpt)
            try container.encode(article.siteName, forKey: .siteName)
            try container.encode(article.published, forKey: .published)
            try container.encode(article.language, forKey: .lang)
            try container.encode(article.direction, forKey: .dir)
            try container.encode(article.image, forKey: .image)
            try container.encode(article.isReaderable, forKey: .readerable)
            try container.encode(article.html, forKey: .html)
            try container.encode(article.text, forKey: .text)
        }
    }
}
