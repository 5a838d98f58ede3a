// unread-digest: a second front end for Herald in ~50 lines, using only `import Herald`.
// It prints the unread articles as a Markdown digest, or search results with `--search QUERY`.
//
//   swift run unread-digest [--db PATH] [--search QUERY]
import Foundation
import Herald

/// A screen that keeps the last state the article list displayed.
actor DigestScreen: ArticleListDisplayLogic {
    var state: ArticleListViewModel = .loading
    func display(_ viewModel: ArticleListViewModel) { state = viewModel }
    func displayNextUnread(_ id: ArticleID, within filter: ArticleFilter) {}
}

/// A screen that keeps the last state the search displayed.
actor ResultsScreen: SearchDisplayLogic {
    var state: SearchViewModel = .loading
    func display(_ viewModel: SearchViewModel) { state = viewModel }
}

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}

do {
    let herald = try Herald.open(databasePath: option("--db"))
    if let query = option("--search") {
        let screen = ResultsScreen()
        let search = herald.searchScreen(display: screen)
        await search.querySubmitted(query)
        switch await screen.state {
        case .loaded(let results):
            print("# \(results.summary)\n")
            for hit in results.hits {
                print("- **\(hit.title.plainText)** (\(hit.feedTitle), \(hit.date)): \(hit.snippet.plainText)")
            }
        case .empty(let message), .failed(let message, _): print(message)
        case .loading: break
        }
    } else {
        let screen = DigestScreen()
        let list = herald.articleListScreen(ArticleFilter(unreadOnly: true), pageSize: 25, display: screen)
        await list.viewAppeared()
        switch await screen.state {
        case .loaded(let digest):
            print("# \(digest.title): \(digest.subtitle)\n")
            for row in digest.rows { print("- [\(row.id)] \(row.title) — \(row.feedTitle), \(row.date)") }
        case .empty(let message), .failed(let message, _): print(message)
        case .loading: break
        }
    }
    await herald.shutdown()
} catch {
    FileHandle.standardError.write(Data("unread-digest: \(error.message)\n".utf8))
    exit(1)
}
