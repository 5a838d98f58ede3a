/// The one small protocol every module reports through, so that no screen draws its own
/// spinner, progress bar or error banner. Loading and progress are per ``ActivitySource``: each
/// module reports with its own, so its `hideLoading` clears only its own indicator.
///
/// The presenters declare the same requirements as `ActivityReporting`; the composition
/// root conforms ``Container`` to it (the two targets cannot import each other).
public protocol ContainerReporting: Sendable {
    /// Something is loading; show an indeterminate indicator.
    func showLoading(from source: ActivitySource) async
    /// A long task moved on (a refresh: 3 of 12 feeds, "Fetching Swift Blog").
    func showProgress(done: Int, total: Int, label: String, from source: ActivitySource) async
    /// This source's loading or progress is over.
    func hideLoading(from source: ActivitySource) async
    /// Queues an error as an alert; `retry` runs the failed action again.
    func showError(_ message: String, retry: (@Sendable () async -> Void)?) async
    /// Shows a transient notice ("12 new articles") that expires by itself.
    func showNotice(_ message: String) async
}
