import Foundation
import Synchronization

/// Turns the first Ctrl-C (SIGINT) into an intent, so that a refresh stops through its own cancel
/// path (the refresh port's cancel: the summary says "Refresh cancelled" and every feed already
/// stored stays). A second Ctrl-C exits at once.
final class InterruptHandler {
    private let source: any DispatchSourceSignal
    private let interrupted = InterruptFlag()

    /// Runs `action` on the first SIGINT; restores the default action for the second.
    init(onInterrupt action: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        self.source = source
        source.setEventHandler { [interrupted] in
            FileHandle.standardError.write(Data("\nStopping after the feeds in flight… (Ctrl-C again to quit now)\n".utf8))
            interrupted.value.store(true, ordering: .sequentiallyConsistent)
            signal(SIGINT, SIG_DFL)
            action()
        }
        source.resume()
    }

    /// True once Ctrl-C was pressed.
    var wasInterrupted: Bool { interrupted.value.load(ordering: .sequentiallyConsistent) }

    /// Stops listening and restores the default action.
    func remove() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}

/// Whether Ctrl-C was pressed, shared with the signal handler's queue.
private final class InterruptFlag: Sendable {
    let value = Atomic<Bool>(false)
}
