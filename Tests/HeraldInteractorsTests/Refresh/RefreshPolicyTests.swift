import Foundation
import HeraldDomain
import HeraldInteractors
import Testing

@Suite("Refresh policy: scheduling and backoff as pure functions")
struct RefreshPolicyTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let policy = RefreshPolicy.default
    let noSettings = FeedSettings()

    private func interval(response: FetchResponse? = nil, hint: UpdateHint? = nil,
                          settings: FeedSettings = FeedSettings(), policy: RefreshPolicy = .default) -> TimeInterval {
        policy.nextDue(after: now, response: response, hint: hint, settings: settings).timeIntervalSince(now)
    }

    @Test func defaultsMatchTheDocumentedValues() {
        #expect(policy.maxConcurrentFetches == 128)
        #expect(policy.maxConcurrentPerHost == 4)
        #expect(policy.minimumInterval == 15 * 60)
        #expect(policy.maximumInterval == 24 * 3600)
        #expect(policy.defaultInterval == 3600)
        #expect(policy.backoffBase == 5 * 60)
        #expect(policy.backoffCap == 24 * 3600)
        #expect(policy.redirectConfirmations == 2)
        #expect(policy.indexingBatch == 2_000)
    }

    @Test func withoutHintsTheDefaultIntervalApplies() {
        #expect(interval() == 3600)
    }

    @Test func ttlAndSyndicationPeriodSetTheInterval() {
        #expect(interval(hint: UpdateHint(ttlMinutes: 120)) == 7200)
        #expect(interval(hint: UpdateHint(syndicationInterval: 3 * 3600)) == 3 * 3600)
        #expect(interval(hint: UpdateHint(ttlMinutes: 30, syndicationInterval: 5400)) == 5400)
    }

    @Test func cacheHeadersCountAndTheLongestWins() {
        let maxAge = FetchResponse(finalURL: "https://a.example/feed", outcome: .notModified, maxAge: 5400)
        #expect(interval(response: maxAge) == 5400)
        #expect(interval(response: maxAge, hint: UpdateHint(ttlMinutes: 180)) == 10800)
        let expires = FetchResponse(finalURL: "https://a.example/feed", outcome: .notModified,
                                    expires: now.addingTimeInterval(4 * 3600))
        #expect(interval(response: expires) == 4 * 3600)
        let expired = FetchResponse(finalURL: "https://a.example/feed", outcome: .notModified,
                                    expires: now.addingTimeInterval(-60))
        #expect(interval(response: expired) == 3600)
    }

    @Test func intervalsAreClampedToThePolicyBounds() {
        #expect(interval(hint: UpdateHint(ttlMinutes: 10 * 24 * 60)) == 24 * 3600)
    }

    @Test("A hint shorter than the default never shortens the interval: max-age says how long a copy may be kept, not how often to ask")
    func shortHintsKeepTheDefault() {
        #expect(interval(hint: UpdateHint(ttlMinutes: 1)) == 3600)
        #expect(interval(hint: UpdateHint(ttlMinutes: 20)) == 3600)
        let maxAge = FetchResponse(finalURL: "https://a.example/feed", outcome: .notModified, maxAge: 600)
        #expect(interval(response: maxAge) == 3600)
        // max-age wins over Expires, max-age=0 included (RFC 9111 §5.3).
        let both = FetchResponse(finalURL: "https://a.example/feed", outcome: .notModified, maxAge: 0,
                                 expires: now.addingTimeInterval(20 * 3600))
        #expect(interval(response: both) == 3600)
    }

    @Test func aFeedsOwnSettingsWinOverThePolicyBounds() {
        let slow = FeedSettings(minimumInterval: 6 * 3600)
        #expect(interval(hint: UpdateHint(ttlMinutes: 60), settings: slow) == 6 * 3600)
        // A feed's own maximum is how a person asks for a feed sooner than the default.
        let eager = FeedSettings(minimumInterval: 60, maximumInterval: 600)
        #expect(interval(hint: UpdateHint(ttlMinutes: 2), settings: eager) == 600)
        #expect(interval(hint: UpdateHint(ttlMinutes: 600), settings: eager) == 600)
        let contradictory = FeedSettings(minimumInterval: 7200, maximumInterval: 60)
        #expect(interval(settings: contradictory) == 7200)
    }

    @Test(arguments: [(1, 300.0), (2, 600.0), (3, 1200.0), (4, 2400.0), (9, 76800.0), (10, 86400.0), (500, 86400.0)])
    func backoffDoublesUntilTheCap(errors: Int, expected: TimeInterval) {
        let exact = RefreshPolicy(jitterStyle: .none)
        #expect(exact.backoff(errorCount: errors, jitter: RefreshTestJitter(value: 0.3)) == expected)
    }

    @Test func fullJitterStaysBetweenTheBaseAndTheCeiling() {
        let jittered = RefreshPolicy(jitterStyle: .full)
        #expect(jittered.backoff(errorCount: 3, jitter: RefreshTestJitter(value: 0)) == 300)
        #expect(jittered.backoff(errorCount: 3, jitter: RefreshTestJitter(value: 0.5)) == 750)
        #expect(jittered.backoff(errorCount: 1, jitter: RefreshTestJitter(value: 0.9)) == 300)
        for errors in 1...40 {
            let delay = jittered.backoff(errorCount: errors, jitter: RefreshTestJitter(value: 0.999_999))
            #expect(delay >= 300 && delay <= 86400)
        }
        #expect(jittered.backoff(errorCount: 40, jitter: RefreshTestJitter(value: 0.999_999)) > 86000)
    }

    @Test func retryAfterIsHonouredOnlyWhenLaterAndNeverBeyondTheCap() {
        let exact = RefreshPolicy(jitterStyle: .none)
        let jitter = RefreshTestJitter(value: 0)
        let later = now.addingTimeInterval(2 * 3600)
        #expect(exact.retryDate(after: now, errorCount: 1, retryAfter: later, jitter: jitter) == later)
        let sooner = now.addingTimeInterval(10)
        #expect(exact.retryDate(after: now, errorCount: 1, retryAfter: sooner, jitter: jitter) == now.addingTimeInterval(300))
        let absurd = now.addingTimeInterval(365 * 24 * 3600)
        #expect(exact.retryDate(after: now, errorCount: 1, retryAfter: absurd, jitter: jitter) == now.addingTimeInterval(86400))
    }
}
