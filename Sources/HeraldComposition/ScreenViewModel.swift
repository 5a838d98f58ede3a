import HeraldPresenters

/// The newest view model of one screen, whatever module it shows.
public enum ScreenViewModel: Sendable, Hashable {
    /// Nothing displayed yet.
    case none
    /// The feeds screen.
    case feeds(FeedsViewModel)
    /// An article list.
    case articleList(ArticleListViewModel)
    /// An article.
    case articleDetail(ArticleDetailViewModel)
    /// Search.
    case search(SearchViewModel)
}
