import Foundation
import HeraldDomain
import HeraldPorts

/// Extracts the readable article of a web page with libxml2's HTML parser and the scoring of
/// Readability (Docs/extraction.md): metadata from JSON-LD, OpenGraph and `<meta>`; hidden,
/// unlikely and link-heavy blocks left out; paragraphs scored and their best ancestor kept with
/// its siblings; a looser retry when the result is short; lazy images restored; the result
/// sanitised with Herald's allow-list, URLs resolved against `<base>` and the page's address.
public struct LibXMLArticleExtractor: ArticleExtracting {
    private let sanitizer: any HTMLSanitizing
    private let rules: SiteRules

    /// Creates an extractor.
    /// - Parameters:
    ///   - sanitizer: What makes the article's HTML safe to show (Herald's sanitiser).
    ///   - rules: Per-site rules (what to keep, what to drop) for pages of their hosts.
    public init(sanitizer: any HTMLSanitizing = LibXMLHTMLSanitizer(), rules: [ExtractionRule] = []) {
        self.sanitizer = sanitizer
        self.rules = SiteRules(rules: rules)
    }

    /// Extracts the article of a page; never fails.
    public func extractArticle(from page: Data, pageURL: String?, charset: String?, linkedFrom feedURL: String?) -> ExtractedArticle {
        let tree = PageTree.parse(page, charset: charset)
        let isReaderable = ReaderableCheck.isProbablyReaderable(tree)
        let base = baseURL(of: tree, pageURL: pageURL)
        let metadata = PageMetadata.read(from: tree)
        let siteRules = rules.covering(pageURL, linkedFrom: feedURL)
        siteRules.drop(from: tree)
        PagePreparation.prepare(tree)
        var grabber = ArticleGrabber(tree: tree, title: metadata.title, needsByline: metadata.byline == nil)
        // A site's `keep` rule names the article; the scoring runs only when it matches nothing.
        let content: PageNode?
        var direction: String?
        if let kept = siteRules.kept(from: tree) {
            content = kept
        } else {
            let attempt = grabber.grab()
            content = attempt?.content
            direction = attempt?.direction
        }
        var html = ""
        var text = ""
        var excerpt = metadata.excerpt
        if let content {
            if excerpt == nil, let paragraph = content.descendants(named: "p").first {
                let first = PageText.trimmed(paragraph.textContent)
                if !first.isEmpty { excerpt = first }
            }
            html = sanitizer.sanitize(html: PageWriter.html(of: content), baseURL: base)
            // The text of what is shown: the sanitised HTML read back.
            let shown = PageTree.parse(Data(html.utf8), charset: "UTF-8")
            text = PageWriter.text(of: shown.body)
        }
        let language = tree.root.attribute("lang").map(PageText.trimmed).flatMap { $0.isEmpty ? nil : $0 }
        return ExtractedArticle(
            title: metadata.title, byline: metadata.byline ?? grabber.byline, excerpt: excerpt.map(PageText.normalized),
            siteName: metadata.siteName, published: metadata.published, language: language,
            direction: direction, image: metadata.image.flatMap { absoluteImage($0, base: base) },
            isReaderable: isReaderable, html: html, text: text)
    }

    /// The page's `<base href>` resolved against its address, else the address.
    private func baseURL(of tree: PageTree, pageURL: String?) -> String? {
        guard let href = tree.head?.descendants(named: "base").first?.attribute("href"), !href.isEmpty else {
            return pageURL
        }
        return URLResolver.resolve(PageText.trimmed(href), against: pageURL)
    }

    private func absoluteImage(_ reference: String, base: String?) -> String? {
        let resolved = URLResolver.resolve(PageText.trimmed(reference), against: base)
        let lower = resolved.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://") ? resolved : nil
    }
}
