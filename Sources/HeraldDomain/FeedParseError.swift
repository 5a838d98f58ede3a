/// Why a document could not be read as a feed at all. A feed that is merely broken is
/// recovered instead and says so in ``ParsedFeed/recovered`` and ``ParsedFeed/warnings``.
public enum FeedParseError: Error, Sendable, Hashable {
    /// The document has no content.
    case empty
    /// The document is something else, e.g. an HTML page (`detected` names what it looks like).
    case notAFeed(detected: String)
    /// The document is too damaged to recover anything from.
    case unreadable(reason: String)
    /// The document exceeds the parser's size limit in bytes.
    case tooLarge(limit: Int)
    /// The document tried to expand entities or nest elements beyond safe limits (an XML bomb).
    case unsafeDocument(reason: String)

    /// What ``notAFeed(detected:)`` names for an OPML file: a list of subscriptions, which
    /// `herald import` reads.
    public static let subscriptionList = "an OPML list of subscriptions"

    /// What went wrong and what the user can do, in one sentence.
    public var message: String {
        switch self {
        case .empty: "The document is empty; check the feed URL."
        case .notAFeed(Self.subscriptionList):
            "This is not a feed but \(Self.subscriptionList); subscribe to its feeds with `herald import FILE`."
        case .notAFeed(let detected): "This is not a feed but \(detected); try `herald add` with the page URL to discover its feed."
        case .unreadable(let reason): "The feed could not be read (\(reason)); tell the publisher or try again later."
        case .tooLarge(let limit): "The feed is larger than the \(limit / 1_048_576) MB limit and was not read."
        case .unsafeDocument(let reason): "The feed was refused because it is unsafe (\(reason))."
        }
    }
}
