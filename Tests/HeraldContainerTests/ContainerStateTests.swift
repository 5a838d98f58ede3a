import Foundation
import HeraldContainer
import Testing

@Suite("Container state")
struct ContainerStateTests {
    let t0 = Date(timeIntervalSince1970: 1_795_348_800)

    @Test("Given loading, when progress arrives, then progress replaces loading, a later loading does not hide it, and hide goes idle")
    func activity() {
        var state = ContainerState()
        let source = ActivitySource(id: 1)
        state.reduce(.showLoading(source), now: t0)
        #expect(state.activity == .loading)
        state.reduce(.showProgress(source, done: 3, total: 12, label: "Fetching LWN"), now: t0)
        state.reduce(.showLoading(source), now: t0)
        #expect(state.activity == .progress(done: 3, total: 12, label: "Fetching LWN"))
        #expect(state.activity.fraction == 0.25)
        state.reduce(.showProgress(source, done: 20, total: 12, label: "x"), now: t0)
        #expect(state.activity == .progress(done: 12, total: 12, label: "x"), "done is clamped to total")
        state.reduce(.hideLoading(source), now: t0)
        #expect(state.activity == .idle && state.activity.fraction == nil)
    }

    @Test("Given a refresh's progress and a screen loading, when the screen hides its loading, then the progress stays; when the refresh ends, the other screen's loading shows")
    func activityPerSource() {
        var state = ContainerState()
        let refresh = ActivitySource(id: 1), list = ActivitySource(id: 2), detail = ActivitySource(id: 3)
        state.reduce(.showProgress(refresh, done: 1, total: 4, label: "Fetching A"), now: t0)
        state.reduce(.showLoading(list), now: t0)
        state.reduce(.showLoading(detail), now: t0)
        #expect(state.activity == .progress(done: 1, total: 4, label: "Fetching A"))
        state.reduce(.hideLoading(list), now: t0)
        #expect(state.activity == .progress(done: 1, total: 4, label: "Fetching A"), "a screen never hides a refresh")
        state.reduce(.hideLoading(refresh), now: t0)
        #expect(state.activity == .loading, "the detail screen is still loading")
        state.reduce(.hideLoading(detail), now: t0)
        #expect(state.activity == .idle)
    }

    @Test("Given three errors, two with the same message, when queued, then they show oldest first without repeats")
    func errorQueue() {
        var state = ContainerState()
        state.reduce(.showError("The disk is full.", retry: nil), now: t0)
        state.reduce(.showError("The database is busy.", retry: {}), now: t0)
        state.reduce(.showError("The disk is full.", retry: {}), now: t0)
        #expect(state.errors.map(\.message) == ["The disk is full.", "The database is busy."])
        #expect(state.currentError?.canRetry == true, "the repeated error keeps its newest retry")
        state.reduce(.dismissError, now: t0)
        #expect(state.currentError?.message == "The database is busy.")
        state.reduce(.dismissError, now: t0)
        state.reduce(.dismissError, now: t0)
        #expect(state.currentError == nil)
    }

    @Test("Given notices, when time passes and more arrive, then they expire after their lifetime and at most the limit stay")
    func notices() {
        var state = ContainerState(noticeLifetime: 5, noticeLimit: 2)
        state.reduce(.showNotice("12 new articles"), now: t0)
        state.reduce(.tick, now: t0.addingTimeInterval(4.9))
        #expect(state.notices.map(\.message) == ["12 new articles"])
        state.reduce(.tick, now: t0.addingTimeInterval(5))
        #expect(state.notices.isEmpty)
        for message in ["a", "b", "c"] { state.reduce(.showNotice(message), now: t0) }
        #expect(state.notices.map(\.message) == ["b", "c"])
    }

    @Test("Given a notice, when the clock jumps back an hour, then it does not stay up for the hour; a jump back within its lifetime keeps it")
    func noticeAfterTheClockJumpsBack() {
        var state = ContainerState(noticeLifetime: 5, noticeLimit: 3)
        state.reduce(.showNotice("12 new articles"), now: t0)
        state.reduce(.tick, now: t0.addingTimeInterval(-2))
        #expect(state.notices.map(\.message) == ["12 new articles"], "2 s back: still within one lifetime")
        state.reduce(.tick, now: t0.addingTimeInterval(-3_600))
        #expect(state.notices.isEmpty)
    }
}
