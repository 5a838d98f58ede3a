#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

/// Tells whether the process behind a refresh holder still runs, when it can tell: a run whose
/// process was killed on this machine is ended at once rather than after ``FetchLedger/liveness``,
/// so that a person who runs `refresh` again right after a `kill -9` gets a fresh check.
public protocol HolderProbing: Sendable {
    /// `false` when `holder` names a process of this machine that is gone; `true` when it runs;
    /// `nil` when this machine cannot tell (another machine's process).
    func isRunning(_ holder: String) -> Bool?
}
