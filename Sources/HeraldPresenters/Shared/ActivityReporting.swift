import HeraldInteractors

/// The Container as the presenters see it: the one place loading, progress, errors with
/// retry and transient notices are shown, so no screen draws its own spinner or error.
///
/// `HeraldContainer`'s `ContainerReporting` has the same requirements; the composition root
/// connects the two with `ContainerActivity` (the two targets cannot see each other).
public protocol ActivityReporting: Sendable {
    /// Something is loading; show an indeterminate indicator.
    func showLoading() async
    /// A long task moved on.
    func showProgress(done: Int, total: Int, label: String) async
    /// Loading or progress is over.
    func hideLoading() async
    /// An error to queue as an alert; `retry` runs the failed action again.
    func showError(_ message: String, retry: (@Sendable () async -> Void)?) async
    /// A transient notice ("12 new articles").
    func showNotice(_ message: String) async
}

extension ActivityReporting {
    /// Shows a module's notice in the words every front end uses.
    public func show(_ notice: Notice) async {
        await showNotice(NoticeText.message(for: notice))
    }

    /// Queues a module's failed action as an alert with its retry, its message made safe to print.
    public func show(_ failure: ActionFailure) async {
        await showError(DisplayText.line(failure.message), retry: failure.retry)
    }
}
