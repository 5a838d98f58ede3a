import Foundation
import Synchronization

/// Turns the first Ctrl-C (SIGINT) into an intent, so that a refresh stops through its own cancel
/// path (the refresh port's cancel: the summary says "Refresh cancelled" and every feed already
/// stored stays). A second Ctrl-C exits at once.
final class InterruptHandler {
    private let sources: [any DispatchSourceSignal]
    private let signals: [Int32]
    private let interrupted = InterruptFlag()

    /// Runs `action` on the first of `signals` (SIGINT; a worker adds SIGTERM); restores the
    /// default action for the second.
    /// - Parameter message: What standard error says on the first Ctrl-C.
    init(signals: [Int32] = [SIGINT],
         message: String = "\nStopping after the feeds in flight… (Ctrl-C again to quit now)\n",
         onInterrupt action: @escaping @Sendable () -> Void) {
        self.signals = signals
        var sources: [any DispatchSourceSignal] = []
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [interrupted] in
                guard !interrupted.value.exchange(true, ordering: .sequentiallyConsistent) else { return }
                FileHandle.standardError.write(Data(message.utf8))
                for number in signals { signal(number, SIG_DFL) }
                action()
            }
            source.resume()
            sources.append(source)
        }
        self.sources = sources
    }

    /// True once Ctrl-C was pressed.
    var wasInterrupted: Bool { interrupted.value.load(ordering: .sequentiallyConsistent) }

    /// Stops listening and restores the default action.
    func remove() {
        for source in sources { source.cancel() }
        for number in signals { signal(number, SIG_DFL) }
    }
}

/// Whether Ctrl-C was pressed, shared with the signal handler's queue.
private final class InterruptFlag: Sendable {
    let value = Atomic<Bool>(false)
}
