import Foundation

/// Turns Ctrl-C (SIGINT) into cancellation of one task, so that a refresh stops cleanly and keeps
/// every feed it already stored. A second Ctrl-C exits at once.
final class InterruptHandler {
    private let source: any DispatchSourceSignal

    /// Cancels `task` on the first SIGINT; restores the default action for the second.
    init(cancelling task: Task<Void, Never>) {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler {
            FileHandle.standardError.write(Data("\nStopping after the feeds in flight… (Ctrl-C again to quit now)\n".utf8))
            task.cancel()
            signal(SIGINT, SIG_DFL)
        }
        source.resume()
        self.source = source
    }

    /// Stops listening and restores the default action.
    func remove() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
