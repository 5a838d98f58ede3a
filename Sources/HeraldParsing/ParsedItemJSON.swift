import HeraldDomain

/// One element of the `items` list of ``ParsedFeedJSON``; keys in UTF-8 order.
enum ParsedItemJSON {
    /// Writes an item object.
    static func write(_ item: ParsedItem, into writer: inout JSONStreamWriter) {
        writer.openObject()
        writer.key("authors"); FeedPartsJSON.writePeople(item.authors, into: &writer)
        writer.key("categories"); FeedPartsJSON.writeCategories(item.categories, into: &writer)
        if let count = item.commentCount { writer.key("commentCount"); writer.integer(count) }
        if let comments = item.comments { writer.key("comments"); writer.string(comments) }
        if let commentsFeed = item.commentsFeed { writer.key("commentsFeed"); writer.string(commentsFeed) }
        if let content = item.content { writer.key("content"); FeedPartsJSON.write(content, into: &writer) }
        writer.key("contributors"); FeedPartsJSON.writePeople(item.contributors, into: &writer)
        writer.key("enclosures")
        writer.openArray()
        for enclosure in item.enclosures {
            writer.element()
            FeedPartsJSON.write(enclosure, into: &writer)
        }
        writer.closeArray()
        if let episode = item.episode { writer.key("episode"); EpisodeJSON.write(episode, into: &writer) }
        if let id = item.id { writer.key("id"); writer.string(id) }
        writer.key("identity"); writer.string(item.identity)
        if let language = item.language { writer.key("language"); writer.string(language) }
        writer.key("links"); FeedPartsJSON.writeLinks(item.links, into: &writer)
        if let plainTitle = item.plainTitle { writer.key("plainTitle"); writer.string(plainTitle) }
        if let published = item.published { writer.key("published"); writer.date(published) }
        if let source = item.source { writer.key("source"); FeedPartsJSON.write(source, into: &writer) }
        if let summary = item.summary { writer.key("summary"); FeedPartsJSON.write(summary, into: &writer) }
        writer.key("thumbnails")
        writer.openArray()
        for thumbnail in item.thumbnails {
            writer.element()
            FeedPartsJSON.write(thumbnail, into: &writer)
        }
        writer.closeArray()
        if let title = item.title { writer.key("title"); FeedPartsJSON.write(title, into: &writer) }
        if let updated = item.updated { writer.key("updated"); writer.date(updated) }
        writer.closeObject()
    }
}
