import HeraldDomain
import Testing

@Suite("Error messages say what the user can do")
struct ErrorMessageTests {
    @Test("Subscribing to a dead URL says nothing was subscribed, without promising a retry")
    func subscribeFetchFailure() {
        let message = SubscribeError.fetch(.connectionFailed(reason: "connection refused")).message
        #expect(message.hasPrefix("Nothing was subscribed: could not connect (connection refused)"))
        #expect(!message.contains("retrying"))
    }

    @Test("A path without a scheme is pointed at file:// URLs")
    func missingScheme() {
        let message = SubscribeError.fetch(.invalidURL("./feeds/news.xml")).message
        #expect(message.contains("file:///"))
    }

    @Test("Every fetch error has a reason and a message, and refresh messages keep their advice")
    func everyFetchError() {
        let errors: [FetchError] = [
            .invalidURL("x"), .notFound, .gone, .rateLimited(status: 429, retryAfter: nil), .httpStatus(500),
            .dnsFailure(host: "h"), .connectionFailed(reason: "r"), .tlsFailure(reason: "r"), .timedOut,
            .tooLarge(limit: 1_048_576), .redirectLoop(url: "u"), .tooManyRedirects(limit: 8),
            .fileUnreadable(path: "/p", reason: "r"), .cancelled,
        ]
        for error in errors {
            #expect(!error.reason.isEmpty && !error.message.isEmpty)
        }
        #expect(FetchError.httpStatus(503).message.contains("retrying later"))
    }
}
