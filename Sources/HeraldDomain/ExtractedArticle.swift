import Foundation

/// The readable article of a web page, as the extractor finds it: the text without the page's
/// navigation, advertising and widgets, and what the page says about itself.
public struct ExtractedArticle: Sendable, Equatable {
    /// The article's title (the page's metadata, else its `<title>` without the site's name).
    public var title: String
    /// The author line, when the page names one.
    public var byline: String?
    /// A short summary: the page's description, else the first paragraph.
    public var excerpt: String?
    /// The site's name (OpenGraph `og:site_name` or the JSON-LD publisher).
    public var siteName: String?
    /// When the article was published, as the page states it (ISO 8601 as a rule).
    public var published: String?
    /// The page's language (`<html lang>`).
    public var language: String?
    /// The text direction of the article (`ltr`, `rtl`), when the page sets one.
    public var direction: String?
    /// The lead image's absolute URL (OpenGraph, JSON-LD).
    public var image: String?
    /// True when the page probably is an article (enough visible paragraphs of text); false for
    /// an index, a search page or a form.
    public var isReaderable: Bool
    /// The article as sanitised HTML (Herald's allow-list), URLs made absolute; empty when no
    /// text was found.
    public var html: String
    /// The article as plain text, one paragraph a line.
    public var text: String

    /// Creates an extracted article.
    public init(title: String, byline: String? = nil, excerpt: String? = nil, siteName: String? = nil,
                published: String? = nil, language: String? = nil, direction: String? = nil, image: String? = nil,
                isReaderable: Bool, html: String, text: String) {
        self.title = title
        self.byline = byline
        self.excerpt = excerpt
        self.siteName = siteName
        self.published = published
        self.language = language
        self.direction = direction
        self.image = image
        self.isReaderable = isReaderable
        self.html = html
        self.text = text
    }

    /// The number of words of the text.
    public var wordCount: Int { text.split(whereSeparator: { $0.isWhitespace }).count }
}
