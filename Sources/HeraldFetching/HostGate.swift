import HeraldDomain

/// Admits at most `limit` requests at once per host (scheme, host and port), in arrival order.
///
/// AsyncHTTPClient already caps HTTP/1.1 connections per host, but a request queued inside its
/// pool is failed once the connect timeout passes, so a refresh that queues hundreds of feeds on
/// one slow host would see spurious timeouts. Waiting here instead keeps AsyncHTTPClient's queue
/// short and the connect timeout about connecting.
actor HostGate {
    private struct Waiter {
        let ticket: ObjectIdentifier
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct Host {
        var active = 0
        /// Waiters in arrival order; those before `head` were already admitted.
        var waiting: [Waiter] = []
        var head = 0

        mutating func popFirst() -> Waiter? {
            guard head < waiting.count else { return nil }
            let waiter = waiting[head]
            head += 1
            if head == waiting.count || head > 64 && head * 2 > waiting.count {
                waiting.removeFirst(head)
                head = 0
            }
            return waiter
        }
    }

    /// Identifies one waiting request so cancellation can find it.
    private final class Ticket: Sendable {}

    private let limit: Int
    private var hosts: [String: Host] = [:]

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Waits for a free slot for `host`; call ``leave(_:)`` once the exchange is over.
    /// - Throws: ``FetchError/cancelled`` when the task is cancelled while waiting.
    func enter(_ host: String) async throws(FetchError) {
        if hosts[host, default: Host()].active < limit {
            hosts[host, default: Host()].active += 1
            return
        }
        let ticket = Ticket()
        let id = ObjectIdentifier(ticket)
        let admitted = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                if Task.isCancelled {
                    continuation.resume(returning: false)
                } else {
                    hosts[host, default: Host()].waiting.append(Waiter(ticket: id, continuation: continuation))
                }
            }
        } onCancel: {
            Task { await self.withdraw(id, from: host) }
        }
        withExtendedLifetime(ticket) {}
        if !admitted { throw .cancelled }
    }

    /// Frees the slot taken by ``enter(_:)``, handing it to the longest waiter.
    func leave(_ host: String) {
        guard var entry = hosts[host] else { return }
        if let next = entry.popFirst() {
            hosts[host] = entry
            next.continuation.resume(returning: true)
        } else {
            entry.active -= 1
            hosts[host] = entry.active > 0 ? entry : nil
        }
    }

    /// Removes a cancelled waiter; a no-op when it was already admitted.
    private func withdraw(_ ticket: ObjectIdentifier, from host: String) {
        guard let entry = hosts[host],
              let index = entry.waiting[entry.head...].firstIndex(where: { $0.ticket == ticket }) else { return }
        let waiter = hosts[host]!.waiting.remove(at: index)
        waiter.continuation.resume(returning: false)
    }
}
