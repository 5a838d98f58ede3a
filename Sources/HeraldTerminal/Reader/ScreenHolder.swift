import Herald
import Synchronization

/// What a screen tells the session besides "redraw".
enum ScreenSignal: Sendable {
    /// A new view model arrived.
    case changed
    /// "Next unread" found an article to route to.
    case nextUnread(ArticleID, ArticleFilter)
    /// A link to open in the browser.
    case externalLink(String)
}

/// One screen of the reader's stack as the modules see it: their display. It keeps the newest view
/// model and signals the session; the presenters hold it weakly, the session owns it.
final class ScreenHolder: ScreenDisplaying {
    private let state = Mutex(ScreenViewModel.none)
    private let signal: @Sendable (ScreenSignal) -> Void

    init(signal: @escaping @Sendable (ScreenSignal) -> Void) {
        self.signal = signal
    }

    /// The newest view model.
    var viewModel: ScreenViewModel { state.withLock { $0 } }

    private func show(_ viewModel: ScreenViewModel) {
        state.withLock { $0 = viewModel }
        signal(.changed)
    }

    func display(_ viewModel: FeedsViewModel) async { show(.feeds(viewModel)) }
    func display(_ viewModel: ArticleListViewModel) async { show(.articleList(viewModel)) }
    func display(_ viewModel: ArticleDetailViewModel) async { show(.articleDetail(viewModel)) }
    func display(_ viewModel: SearchViewModel) async { show(.search(viewModel)) }
    func displayNextUnread(_ id: ArticleID, within filter: ArticleFilter) async { signal(.nextUnread(id, filter)) }
    func displayExternalLink(_ url: String) async { signal(.externalLink(url)) }
}
