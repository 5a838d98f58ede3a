import HeraldDomain

/// Runs `operation` until `deadline`; past it the operation is cancelled and the call fails
/// with ``FetchError/timedOut``. Cancelling the calling task fails it with ``FetchError/cancelled``.
func withDeadline<Value: Sendable>(
    _ deadline: ContinuousClock.Instant,
    _ operation: @escaping @Sendable () async throws(FetchError) -> Value
) async throws(FetchError) -> Value {
    let result = await withTaskGroup(of: Result<Value, FetchError>?.self) { group in
        group.addTask {
            do throws(FetchError) { return .success(try await operation()) } catch { return .failure(error) }
        }
        group.addTask {
            try? await Task.sleep(until: deadline, clock: .continuous)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first ?? .failure(Task.isCancelled ? .cancelled : .timedOut)
    }
    return try result.get()
}
