import ArgumentParser
import Foundation
import Herald

/// `herald read`: the interactive reader, opened on a feed, a tag, a search or an article (the
/// Router's deep links), with the feeds screen underneath.
struct ReadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read", abstract: "Open the interactive reader (on a feed, a search or an article).")

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Open this feed's articles (id, URL or title).", valueName: "feed"))
    var feed: String?
    @Option(help: ArgumentHelp("Open the articles of feeds with this tag.", valueName: "tag"))
    var tag: String?
    @Option(help: ArgumentHelp("Open search results for this query.", valueName: "query"))
    var search: String?
    @Flag(help: "Open the unread articles.")
    var unread = false
    @Argument(help: "An article id, or a herald:// link.")
    var article: String?

    func validate() throws {
        let targets = [feed != nil, tag != nil, search != nil, unread, article != nil].filter { $0 }.count
        guard targets <= 1 else { throw ValidationError("Give at most one of --feed, --tag, --search, --unread or an article.") }
    }

    func run() async throws {
        guard ReaderLauncher.canRun() else {
            throw CLIFailure("`herald read` needs a terminal; use `herald list`, `herald show ID` or `herald search` in scripts.")
        }
        try await CLISession.run(global, makesDatabase: true) { herald, _ in
            var link: String?
            if let feed { link = "herald://feed/\(try await FeedResolver.resolve(feed, in: herald).id.rawValue)" }
            if let tag { link = "herald://tag/" + Self.percentEncoded(tag) }
            if let search { link = "herald://search?q=" + Self.percentEncoded(search) }
            if unread { link = "herald://unread" }
            if let article { link = article }
            try await ReaderLauncher.run(herald, link: link)
        }
    }

    /// Everything but unreserved characters as `%XX`.
    static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? text
    }
}
