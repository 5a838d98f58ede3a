import Foundation
import HeraldContainer
import HeraldDomain
import Testing

/// Counts retries from a `@Sendable` closure.
private actor Counter {
    private(set) var value = 0
    func increment() -> Int {
        value += 1
        return value
    }
}

@Suite("Container")
struct ContainerTests {
    let t0 = Date(timeIntervalSince1970: 1_795_348_800)

    @Test("Given a queued error with a retry, when retry is chosen, then the alert closes and the action runs; a failing retry queues again")
    func retry() async {
        let container = Container(clock: FixedWallClock(t0))
        let attempts = Counter()
        let reporter: any ContainerReporting = container
        await reporter.showError("The database is busy; try again in a moment.", retry: {
            if await attempts.increment() == 1 { await container.showError("Still busy.", retry: nil) }
        })
        await container.retryCurrentError()
        #expect(await attempts.value == 1)
        #expect(await container.state.errors.map(\.message) == ["Still busy."])
        await container.retryCurrentError()
        #expect(await attempts.value == 1, "an alert without retry is not retried")
        #expect(await container.state.errors.count == 1, "and stays until dismissed")
        await container.dismissError()
        #expect(await container.state.currentError == nil)
    }

    @Test("Given an observer, when a refresh reports progress and a notice, then every change is streamed in order")
    func changes() async {
        let container = Container(clock: FixedWallClock(t0))
        let stream = await container.changes()
        var iterator = stream.makeAsyncIterator()
        let initial = await iterator.next()
        #expect(initial?.activity == .idle)
        let refresh = container.makeSource()
        await container.showProgress(done: 1, total: 2, label: "Fetching A", from: refresh)
        let progressing = await iterator.next()
        #expect(progressing?.activity == .progress(done: 1, total: 2, label: "Fetching A"))
        await container.hideLoading(from: refresh)
        let finished = await iterator.next()
        #expect(finished?.activity == .idle)
        await container.showNotice("2 new articles")
        let noticed = await iterator.next()
        #expect(noticed?.notices.map(\.message) == ["2 new articles"])
    }

    @Test("Given a notice shown an hour ago, when the state is read later, then it has expired")
    func noticeExpiresByClock() async {
        let container = Container(clock: FixedWallClock(t0), noticeLifetime: 5)
        await container.showNotice("Subscribed to LWN")
        var snapshot = await container.state
        #expect(snapshot.notices.map(\.message) == ["Subscribed to LWN"])
        snapshot.reduce(.tick, now: t0.addingTimeInterval(3_600))
        #expect(snapshot.notices.isEmpty)
    }

    @Test("Given a notice with a short lifetime, when nobody reads the state, then its expiry is still streamed as a change")
    func expiryIsEmitted() async throws {
        let container = Container(clock: SystemWallClock(), noticeLifetime: 0.2)
        let stream = await container.changes()
        var iterator = stream.makeAsyncIterator()
        _ = await iterator.next()
        await container.showNotice("12 new articles")
        let shown = await iterator.next()
        #expect(shown?.notices.count == 1)
        let expired = await iterator.next()
        #expect(expired?.notices.isEmpty == true, "the expiry arrives without any other report")
    }

    @Test("Given two sources, when each asks for one, then they differ")
    func sourcesAreUnique() {
        let container = Container(clock: FixedWallClock(t0))
        #expect(container.makeSource() != container.makeSource())
    }
}
