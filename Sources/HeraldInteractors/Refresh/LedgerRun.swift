#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain
import HeraldPorts

/// A refresh run's entry in the store's fetch ledger: begun before the first request, said alive
/// every ``FetchLedger/heartbeat`` seconds while it lasts, ended before its last event, so that a
/// refresh started after this one ended checks every feed afresh.
struct LedgerRun: Sendable {
    let ledger: (any FetchLedgering)?
    let run: String
    let holder: String
    let clock: any WallClock
    /// Tells whether another run's process still runs (on this machine), to end a killed one's run.
    let probe: (any HolderProbing)?

    /// Registers the run and starts its heartbeat; cancel the returned task when the run ends.
    /// - Returns: The heartbeat, and the error when the ledger could not register the run.
    func begin() async -> (heartbeat: Task<Void, Never>?, failure: StoreError?) {
        guard let ledger else { return (nil, nil) }
        do {
            let now = clock.now()
            if let probe {
                // A run whose process is gone (killed on this machine) ends now, not 45 s from now.
                for other in try await ledger.liveRefreshRuns(liveSince: now.addingTimeInterval(-FetchLedger.liveness))
                where probe.isRunning(other.holder) == false {
                    try await ledger.endRefreshRun(other.run, now: now)
                }
            }
            try await ledger.beginRefreshRun(run, holder: holder, now: now)
        } catch {
            // Cancelled before it began (Ctrl-C, a stop at once): the store refused the call, which
            // says nothing of the ledger. ``end()`` still records the end, in case the row was written.
            return (nil, Task.isCancelled ? nil : error)
        }
        let run = self.run
        let clock = self.clock
        let heartbeat = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(Int64(FetchLedger.heartbeat * 1000)))
                if Task.isCancelled { return }
                try? await ledger.keepRefreshRunAlive(run, now: clock.now())
            }
        }
        return (heartbeat, nil)
    }

    /// Records the end of the run (also after cancellation).
    func end() async {
        guard let ledger else { return }
        let run = self.run
        let now = clock.now()
        // Shielded: refused after a cancel, the run would look alive to every other refresh for
        // ``FetchLedger/liveness`` seconds, which would skip the feeds it had just asked for.
        await CancellationShield.run { try? await ledger.endRefreshRun(run, now: now) }
    }
}
