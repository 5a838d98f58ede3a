import HeraldDomain

extension FeedFailure {
    /// The failure recorded for a fetch error (``FetchError/cancelled`` is never recorded).
    init(classifying error: FetchError) {
        switch error {
        case .notFound: self.init(kind: .notFound, message: error.message, status: 404)
        case .gone: self.init(kind: .gone, message: error.message, status: 410)
        case .rateLimited(let status, _): self.init(kind: .rateLimited, message: error.message, status: status)
        case .httpStatus(let status): self.init(kind: .httpError, message: error.message, status: status)
        case .dnsFailure: self.init(kind: .dns, message: error.message)
        case .connectionFailed: self.init(kind: .connection, message: error.message)
        case .tlsFailure: self.init(kind: .tls, message: error.message)
        case .timedOut: self.init(kind: .timeout, message: error.message)
        case .tooLarge: self.init(kind: .tooLarge, message: error.message)
        case .redirectLoop, .tooManyRedirects: self.init(kind: .redirect, message: error.message)
        case .fileUnreadable: self.init(kind: .file, message: error.message)
        case .scriptFailed: self.init(kind: .script, message: error.message)
        case .invalidURL, .cancelled, .privateAddress: self.init(kind: .other, message: error.message)
        }
    }

    /// The failure recorded for a document that could not be read as a feed.
    init(classifying error: FeedParseError) {
        switch error {
        case .notAFeed: self.init(kind: .notAFeed, message: error.message)
        case .tooLarge: self.init(kind: .tooLarge, message: error.message)
        case .empty, .unreadable, .unsafeDocument: self.init(kind: .parse, message: error.message)
        }
    }

    /// The failure recorded when the store could not save a fetched feed.
    init(classifying error: StoreError) {
        self.init(kind: .other, message: error.message)
    }
}
