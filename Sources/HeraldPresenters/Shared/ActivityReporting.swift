/// The Container as the presenters see it: the one place loading, progress, errors with
/// retry and transient notices are shown, so no screen draws its own spinner or error.
///
/// `HeraldContainer`'s `ContainerReporting` has the same requirements; the composition root
/// conforms its `ContainerState` to this protocol (the two targets cannot see each other).
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
