import HeraldDomain

/// The small objects of ``ParsedFeedJSON`` (text constructs, people, links…), each with its keys
/// in UTF-8 order and absent optional values left out, as `JSONEncoder` writes them.
enum FeedPartsJSON {
    /// `{ language?, type, value }`.
    static func write(_ text: TextConstruct, into writer: inout JSONStreamWriter) {
        writer.openObject()
        if let language = text.language { writer.key("language"); writer.string(language) }
        writer.key("type"); writer.string(text.type.rawValue)
        writer.key("value"); writer.string(text.value)
        writer.closeObject()
    }

    /// A list of `{ email?, name?, uri? }`.
    static func writePeople(_ people: [Person], into writer: inout JSONStreamWriter) {
        writer.openArray()
        for person in people {
            writer.element()
            writer.openObject()
            if let email = person.email { writer.key("email"); writer.string(email) }
            if let name = person.name { writer.key("name"); writer.string(name) }
            if let uri = person.uri { writer.key("uri"); writer.string(uri) }
            writer.closeObject()
        }
        writer.closeArray()
    }

    /// A list of `{ href, hreflang?, length?, rel?, title?, type? }`.
    static func writeLinks(_ links: [Link], into writer: inout JSONStreamWriter) {
        writer.openArray()
        for link in links {
            writer.element()
            writer.openObject()
            writer.key("href"); writer.string(link.href)
            if let hreflang = link.hreflang { writer.key("hreflang"); writer.string(hreflang) }
            if let length = link.length { writer.key("length"); writer.integer(length) }
            if let rel = link.rel { writer.key("rel"); writer.string(rel) }
            if let title = link.title { writer.key("title"); writer.string(title) }
            if let type = link.type { writer.key("type"); writer.string(type) }
            writer.closeObject()
        }
        writer.closeArray()
    }

    /// A list of `{ label?, scheme?, term }`.
    static func writeCategories(_ categories: [Category], into writer: inout JSONStreamWriter) {
        writer.openArray()
        for category in categories {
            writer.element()
            writer.openObject()
            if let label = category.label { writer.key("label"); writer.string(label) }
            if let scheme = category.scheme { writer.key("scheme"); writer.string(scheme) }
            writer.key("term"); writer.string(category.term)
            writer.closeObject()
        }
        writer.closeArray()
    }

    /// `{ length?, type?, url }`.
    static func write(_ enclosure: Enclosure, into writer: inout JSONStreamWriter) {
        writer.openObject()
        if let length = enclosure.length { writer.key("length"); writer.integer(length) }
        if let type = enclosure.type { writer.key("type"); writer.string(type) }
        writer.key("url"); writer.string(enclosure.url)
        writer.closeObject()
    }

    /// `{ height?, url, width? }`.
    static func write(_ thumbnail: Thumbnail, into writer: inout JSONStreamWriter) {
        writer.openObject()
        if let height = thumbnail.height { writer.key("height"); writer.integer(height) }
        writer.key("url"); writer.string(thumbnail.url)
        if let width = thumbnail.width { writer.key("width"); writer.integer(width) }
        writer.closeObject()
    }

    /// `{ name?, uri?, version? }`.
    static func write(_ generator: Generator, into writer: inout JSONStreamWriter) {
        writer.openObject()
        if let name = generator.name { writer.key("name"); writer.string(name) }
        if let uri = generator.uri { writer.key("uri"); writer.string(uri) }
        if let version = generator.version { writer.key("version"); writer.string(version) }
        writer.closeObject()
    }

    /// `{ height?, link?, title?, url, width? }`.
    static func write(_ image: FeedImage, into writer: inout JSONStreamWriter) {
        writer.openObject()
        if let height = image.height { writer.key("height"); writer.integer(height) }
        if let link = image.link { writer.key("link"); writer.string(link) }
        if let title = image.title { writer.key("title"); writer.string(title) }
        writer.key("url"); writer.string(image.url)
        if let width = image.width { writer.key("width"); writer.integer(width) }
        writer.closeObject()
    }

    /// `{ id?, title?, url? }`.
    static func write(_ source: ItemSource, into writer: inout JSONStreamWriter) {
        writer.openObject()
        if let id = source.id { writer.key("id"); writer.string(id) }
        if let title = source.title { writer.key("title"); writer.string(title) }
        if let url = source.url { writer.key("url"); writer.string(url) }
        writer.closeObject()
    }
}
