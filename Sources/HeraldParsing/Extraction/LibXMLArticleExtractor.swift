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
    public func extractArticle(from page: consuming Data, pageURL: String?, charset: String?, linkedFrom feedURL: String?) -> ExtractedArticle {
        // The page's tree lives only inside `read`: it is gone before the article's HTML is
        // sanitised and its text written, so the two never sit in memory together.
        let found = read(consume page, pageURL: pageURL, charset: charset, linkedFrom: feedURL)
        var html = ""
        var text = ""
        if let content = found.contentHTML {
            html = sanitizer.sanitize(html: content, baseURL: found.base)
            // The text of what is shown: the sanitised HTML read back.
            text = BodyTextWriter.text(ofHTML: html)
        }
        let metadata = found.metadata
        return ExtractedArticle(
            title: metadata.title, byline: metadata.byline ?? found.byline, excerpt: found.excerpt.map(PageText.normalized),
            siteName: metadata.siteName, published: metadata.published, language: found.language,
            direction: found.direction, image: metadata.image.flatMap { absoluteImage($0, base: found.base) },
            isReaderable: found.isReaderable, html: html, text: text)
    }

    /// What the page's tree yields: the article's HTML before sanitising, and what is read beside it.
    private struct PageReading {
        let metadata: PageMetadata
        let base: String?
        let isReaderable: Bool
        let language: String?
        let contentHTML: String?
        let direction: String?
        let byline: String?
        let excerpt: String?
    }

    private func read(_ page: consuming Data, pageURL: String?, charset: String?, linkedFrom feedURL: String?) -> PageReading {
        let tree = PageTree.parse(page, charset: charset)
        // The tree holds what the extraction reads: the page goes now (when the caller let go of it).
        _ = consume page
        // The tree owns its nodes (they only point at each other): it lives until the function
        // returns, whatever node is still in hand, and goes with it.
        defer { withExtendedLifetime(tree) {} }
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
        var excerpt = metadata.excerpt
        if let content, excerpt == nil, let paragraph = content.descendants(named: "p").first {
            let first = PageText.trimmed(paragraph.textContent)
            if !first.isEmpty { excerpt = first }
        }
        let language = tree.root.attribute("lang").map(PageText.trimmed).flatMap { $0.isEmpty ? nil : $0 }
        return PageReading(
            metadata: metadata, base: base, isReaderable: isReaderable, language: language,
            contentHTML: content.map(PageWriter.html(of:)), direction: direction, byline: grabber.byline, excerpt: excerpt)
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
