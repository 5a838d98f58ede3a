import Foundation
import HeraldTerminal
import Synchronization

/// A ``TerminalBackend`` that is not a terminal: it feeds scripted events to the reader through the
/// stream `start()` returns, and timestamps (CLOCK_MONOTONIC) the first frame presented after an
/// event that shows what the script waits for. It keeps no frame but the one it was waiting for,
/// so it adds almost nothing to the memory being measured. Painting a real terminal (ncursesw
/// diffing and writing the frame) is not part of the figures: a frame counts when it is composed
/// and handed to the backend.
final class RecordingBackend: TerminalBackend {
    /// A frame the script waited for, and when it was presented.
    struct Seen: Sendable {
        /// CLOCK_MONOTONIC nanoseconds at `present(_:)`.
        let at: UInt64
        /// The frame.
        let frame: [StyledLine]
    }

    /// What the script waits for, until a frame satisfies it or its time runs out.
    private struct Waiter {
        /// Which wait this is (a late timeout must not end a newer wait).
        let id: Int
        /// What the frame must show.
        let accepts: @Sendable ([StyledLine]) -> Bool
        /// Resumed with the frame, or `nil` on timeout.
        let continuation: CheckedContinuation<Seen?, Never>
    }

    /// What the lock guards.
    private struct State {
        /// The wait in progress, if any.
        var waiter: Waiter?
        /// The id of the last wait.
        var nextID = 0
        /// Frames presented so far.
        var frames = 0
    }

    /// The wait and the counts, shared by the script's task and the reader's.
    private let state = Mutex(State())
    /// The stream the reader reads.
    private let events: AsyncStream<TerminalEvent>
    /// The script's end of it.
    private let input: AsyncStream<TerminalEvent>.Continuation

    /// Creates a backend with no event sent yet.
    init() {
        (events, input) = AsyncStream.makeStream(of: TerminalEvent.self)
    }

    /// How many frames the reader presented.
    var frameCount: Int { state.withLock { $0.frames } }

    /// The scripted events.
    func start() -> AsyncStream<TerminalEvent> { events }

    /// Timestamps the frame and ends the wait it satisfies, if any.
    func present(_ frame: [StyledLine]) {
        let at = MonotonicClock.nanoseconds()
        let satisfied = state.withLock { state -> Waiter? in
            state.frames += 1
            guard let waiter = state.waiter, waiter.accepts(frame) else { return nil }
            state.waiter = nil
            return waiter
        }
        satisfied?.continuation.resume(returning: Seen(at: at, frame: frame))
    }

    /// Nothing to hand back: there is no terminal.
    func suspend() {}

    /// Nothing to paint over: every frame is recorded whole.
    func redraw() {}

    /// Ends the event stream.
    func stop() {
        input.finish()
    }

    /// Sends `event` and waits for the first frame presented after it that `accepts`.
    /// - Returns: When the event was sent, and the frame with its time; `nil` when no frame
    ///   satisfied `accepts` within `timeout`.
    func send(_ event: TerminalEvent, thenWaitFor accepts: @escaping @Sendable ([StyledLine]) -> Bool,
              timeout: Duration = .seconds(60)) async -> (sentAt: UInt64, seen: Seen?) {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            if !Task.isCancelled { self?.expire(id) }
        }
        defer { timer.cancel() }
        var sentAt: UInt64 = 0
        let seen = await withCheckedContinuation { (continuation: CheckedContinuation<Seen?, Never>) in
            state.withLock { $0.waiter = Waiter(id: id, accepts: accepts, continuation: continuation) }
            sentAt = MonotonicClock.nanoseconds()
            input.yield(event)
        }
        return (sentAt, seen)
    }

    /// Sends `event` without waiting for a frame.
    func send(_ event: TerminalEvent) {
        input.yield(event)
    }

    /// Gives up waiting for the frame of wait `id`.
    private func expire(_ id: Int) {
        let expired = state.withLock { state -> Waiter? in
            guard let waiter = state.waiter, waiter.id == id else { return nil }
            state.waiter = nil
            return waiter
        }
        expired?.continuation.resume(returning: nil)
    }
}
