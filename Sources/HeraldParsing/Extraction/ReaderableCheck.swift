/// Says whether a page probably is an article: enough visible paragraphs of some length outside
/// blocks that look like comments, menus or footers (Readability's `isProbablyReaderable`).
enum ReaderableCheck {
    static let minimumContentLength = 140
    static let minimumScore = 20.0

    static func isProbablyReaderable(_ tree: PageTree) -> Bool {
        var nodes: [PageNode] = []
        var seen = Set<Int32>()
        tree.root.forEachDescendant { node in
            if node.name == "p" || node.name == "pre" || node.name == "article" {
                if seen.insert(node.serial).inserted { nodes.append(node) }
            } else if node.name == "br", let parent = node.parent, parent.name == "div" {
                if seen.insert(parent.serial).inserted { nodes.append(parent) }
            }
        }
        var score = 0.0
        for node in nodes {
            guard isVisible(node) else { continue }
            if ExtractionPatterns.isUnlikely(node) { continue }
            if node.name == "p" && node.hasAncestor("li", maxDepth: -1) { continue }
            let length = node.textStatistics(normalizingSpaces: false).length
            if length < minimumContentLength { continue }
            score += Double(length - minimumContentLength).squareRoot()
            if score > minimumScore { return true }
        }
        return false
    }

    private static func isVisible(_ node: PageNode) -> Bool {
        if let style = node.attribute("style"), style.lowercased().filter({ !$0.isWhitespace }).contains("display:none") {
            return false
        }
        if node.hasAttribute("hidden") { return false }
        if node.attribute("aria-hidden") == "true" && !node.className.contains("fallback-image") { return false }
        return true
    }
}
