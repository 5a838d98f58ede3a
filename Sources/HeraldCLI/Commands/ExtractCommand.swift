import ArgumentParser
import Foundation
import Herald

/// `herald extract URL|FILE|-`: the readable article of a web page.
struct ExtractCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract", abstract: "Print the readable article of a web page (a URL, a saved file, or - for standard input).",
        discussion: """
            The page's navigation, advertising and widgets are left out; the article's HTML is sanitised \
            as feed content is. --json prints {"title", "byline", "excerpt", "siteName", "published", "lang", \
            "dir", "image", "readerable", "html", "text"} (Docs/json-schema.md). A URL is fetched with the \
            configured timeouts and size limit; Docs/extraction.md explains the method.
            """)

    /// What to print.
    enum Format: String, EnumerableFlag {
        case text, html, json

        static func help(for value: Format) -> ArgumentHelp? {
            switch value {
            case .text: "Print the title, the byline and the article as plain text (the default)."
            case .html: "Print the article as sanitised HTML."
            case .json: "Print a JSON document with the text, the HTML and the page's metadata."
            }
        }
    }

    @OptionGroup var global: GlobalOptions
    @Argument(help: "An http(s) URL, a file, or - for standard input.")
    var source: String
    @Option(help: ArgumentHelp("The page's address, for relative links and images (a file's own path by default).",
                               valueName: "url"))
    var url: String?
    @Option(help: ArgumentHelp("The charset the page's server declared (as HTTP Content-Type would).", valueName: "name"))
    var charset: String?
    @Flag var format: Format = .text

    func run() async throws {
        let terminal = TerminalOutput.current()
        let lower = source.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            try await CLISession.run(global) { herald, terminal in
                // A page that cannot be fetched is a HeraldError, which the session prints.
                print(try await herald.extractArticle(at: source), to: terminal)
            }
            return
        }
        let pageURL = url ?? (source == "-" ? nil : URL(fileURLWithPath: source).absoluteString)
        let article: ExtractedArticle
        do {
            // The page is handed over, not kept here: the extractor lets go of it once read.
            article = try Herald.extractArticle(from: try page(at: source), pageURL: pageURL, charset: charset,
                                                environment: ProcessInfo.processInfo.environment)
        } catch let error as HeraldError {
            throw CLIFailure(error.message)
        }
        print(article, to: terminal)
    }

    /// The page's bytes: the file, or standard input for `-`.
    private func page(at source: String) throws(CLIFailure) -> Data {
        if source == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        guard let contents = FileManager.default.contents(atPath: source) else {
            throw CLIFailure("Cannot read \(source); check the path.")
        }
        return contents
    }

    private func print(_ article: ExtractedArticle, to terminal: TerminalOutput) {
        switch format {
        case .json:
            terminal.line(utf8: Herald.json(for: article))
        case .html:
            terminal.line(article.html)
        case .text:
            terminal.line(TerminalSafety.sanitize(article.title))
            let about = [article.byline, article.siteName, article.published].compactMap { $0 }.filter { !$0.isEmpty }
            if !about.isEmpty { terminal.line(TerminalSafety.sanitize(about.joined(separator: " · "))) }
            if !article.isReaderable { terminal.line("(This page is probably not an article.)") }
            terminal.line()
            terminal.line(TerminalSafety.sanitize(article.text))
        }
    }
}
