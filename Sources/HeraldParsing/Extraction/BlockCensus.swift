/// What the conditional cleaning weighs about a block, gathered in one walk of it: counts of
/// paragraphs, images, list items, inputs and embeds, and the text lengths of its lists, headings
/// and links (each measured as its own trimmed, space-collapsed text, as the rules define them).
struct BlockCensus {
    var paragraphs = 0
    var images = 0
    var listItems = 0
    var inputs = 0
    var embeds = 0
    var hasVideoEmbed = false
    var holdsDataTable = false
    var listTextLength = 0
    var headingTextLength = 0
    /// Link text, in-page (`#…`) links counting 0.3.
    var linkTextLength = 0.0

    init(of node: PageNode) {
        node.forEachDescendant { element in
            switch element.name {
            case "": break
            case "p": paragraphs += 1
            case "img": images += 1
            case "li": listItems += 1
            case "input": inputs += 1
            case "ul", "ol": listTextLength += element.innerTextLength()
            case "h1", "h2", "h3", "h4", "h5", "h6": headingTextLength += element.innerTextLength()
            case "a": linkTextLength += Self.weightedLength(ofLink: element)
            case "table": if element.isDataTable { holdsDataTable = true }
            case "object", "embed", "iframe":
                embeds += 1
                if element.attributes.contains(where: { ExtractionPatterns.isVideoURL($0.value) }) { hasVideoEmbed = true }
            default: break
            }
        }
    }

    /// A link's text length, times 0.3 for an in-page link.
    static func weightedLength(ofLink link: PageNode) -> Double {
        Double(link.innerTextLength()) * weight(ofLink: link)
    }

    /// 0.3 for an in-page link (`href="#…"`), else 1.
    static func weight(ofLink link: PageNode) -> Double {
        let href = link.attribute("href") ?? ""
        return href.utf8.count > 1 && href.utf8.first == UInt8(ascii: "#") ? 0.3 : 1
    }
}
