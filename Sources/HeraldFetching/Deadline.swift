import HeraldDomain
import Synchronization

/// Runs `operation`, failing with ``FetchError/timedOut`` at `deadline` (or ``FetchError/cancelled``
/// when the calling task is cancelled). The answer comes at the deadline even when the operation is
/// slow to notice its cancellation (a body still trickling in, an event loop under load): the
/// operation is cancelled and left to end on its own, instead of being waited for.
func withDeadline<Value: Sendable>(
    _ deadline: ContinuousClock.Instant,
    _ operation: @escaping @Sendable () async throws(FetchError) -> Value
) async throws(FetchError) -> Value {
    let race = DeadlineRace<Value>()
    let result: Result<Value, FetchError> = await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, FetchError>, Never>) in
            race.start(continuation)
            let work = Task {
                let outcome: Result<Value, FetchError>
                do throws(FetchError) { outcome = .success(try await operation()) } catch { outcome = .failure(error) }
                race.finish(outcome)
            }
            let timer = Task {
                try? await Task.sleep(until: deadline, clock: .continuous)
                race.finish(.failure(Task.isCancelled ? .cancelled : .timedOut))
            }
            race.attach(work: work, timer: timer)
        }
    } onCancel: {
        race.finish(.failure(.cancelled))
    }
    return try result.get()
}

/// The first of the operation, the timer and a cancellation to finish resumes the caller; the
/// others are cancelled.
private final class DeadlineRace<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<Value, FetchError>, Never>?
        var pending: Result<Value, FetchError>?
        var tasks: [Task<Void, Never>] = []
        var isDone = false
    }
    private let state = Mutex(State())

    func start(_ continuation: CheckedContinuation<Result<Value, FetchError>, Never>) {
        let early: Result<Value, FetchError>? = state.withLock { state in
            if let pending = state.pending { return pending }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    func attach(work: Task<Void, Never>, timer: Task<Void, Never>) {
        let isDone = state.withLock { state in
            state.tasks = [work, timer]
            return state.isDone
        }
        if isDone {
            work.cancel()
            timer.cancel()
        }
    }

    func finish(_ result: Result<Value, FetchError>) {
        let (continuation, tasks): (CheckedContinuation<Result<Value, FetchError>, Never>?, [Task<Void, Never>]) =
            state.withLock { state in
                guard !state.isDone else { return (nil, []) }
                state.isDone = true
                let continuation = state.continuation
                state.continuation = nil
                if continuation == nil { state.pending = result }
                return (continuation, state.tasks)
            }
        continuation?.resume(returning: result)
        for task in tasks { task.cancel() }
    }
}
