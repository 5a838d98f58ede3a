import HeraldDomain

/// Why a feed named by a person (an id, a URL or a title) was not found.
public enum FeedLookupError: Error, Sendable, Hashable {
    /// The store failed.
    case store(StoreError)
    /// Nothing matches the name.
    case noMatch(String)
    /// Several feeds match part of the name; the first few are given, to pick one by id.
    case ambiguous(String, candidates: [FeedCandidate])

    /// One of several feeds a name matches.
    public struct FeedCandidate: Sendable, Hashable {
        /// The feed's id, which names it unambiguously.
        public let id: FeedID
        /// Its display title.
        public let title: String
    }

    /// What went wrong and what to do, as one sentence.
    public var message: String {
        switch self {
        case .store(let error):
            error.message
        case .noMatch(let name):
            "No feed matches \u{201C}\(name)\u{201D}; `herald feeds` lists ids, titles and URLs."
        case let .ambiguous(name, candidates):
            "\u{201C}\(name)\u{201D} matches several feeds ("
                + candidates.map { "\($0.id) \($0.title)" }.joined(separator: ", ") + "); use the id."
        }
    }
}
