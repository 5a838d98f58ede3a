import HeraldDomain
import HeraldInteractors

/// An error from the Herald facade: one case per source, each with a message for the user.
public enum HeraldError: Error, Sendable, Hashable {
    /// The configuration is invalid.
    case configuration(ConfigurationError)
    /// The store failed.
    case store(StoreError)
    /// A feed could not be parsed.
    case parse(FeedParseError)
    /// Subscribing, importing or exporting failed.
    case subscribe(SubscribeError)
    /// A feed, article or saved search named by the user does not exist.
    case notFound(String)
    /// A file could not be read or written.
    case file(path: String, reason: String)
    /// An account operation or a sign-in failed.
    case account(AccountError)
    /// A web page (an article's page, to extract) could not be fetched.
    case page(url: String, FetchError)
    /// A newsboat folder could not be imported.
    case newsboat(NewsboatImportError)
    /// An article's full text could not be had (no link, the page failed or holds no text).
    case fullText(FullTextError)
    /// A rule could not be added or removed.
    case rule(RuleEditingError)
    /// The download queue or a download failed.
    case download(DownloadError)

    /// What went wrong and what the user can do.
    public var message: String {
        switch self {
        case .configuration(let error): error.message
        case .store(let error): error.message
        case .parse(let error): error.message
        case .subscribe(let error): error.message
        case .notFound(let what): what
        case let .file(path, reason): "Cannot use \(path): \(reason)."
        case .account(let error): error.message
        case .newsboat(let error): error.message
        case .fullText(let error): error.message
        case .rule(let error): error.message
        case .download(let error): error.message
        case let .page(url, error): "Cannot fetch the page \(url): \(error.reason); check the address, or save the page and give its file."
        }
    }
}
