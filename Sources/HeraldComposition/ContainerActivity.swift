import HeraldContainer
import HeraldPresenters

/// Bridges the presenters' reporting port to the shared ``Container``: every module's loading,
/// progress, errors and notices end up in the one Container the front end renders.
public struct ContainerActivity: ActivityReporting {
    /// The shared Container.
    public let container: any ContainerReporting

    /// Wraps a Container.
    public init(container: any ContainerReporting) { self.container = container }

    /// Forwards to the Container.
    public func showLoading() async { await container.showLoading() }
    /// Forwards to the Container.
    public func showProgress(done: Int, total: Int, label: String) async {
        await container.showProgress(done: done, total: total, label: label)
    }
    /// Forwards to the Container.
    public func hideLoading() async { await container.hideLoading() }
    /// Forwards to the Container.
    public func showError(_ message: String, retry: (@Sendable () async -> Void)?) async {
        await container.showError(message, retry: retry)
    }
    /// Forwards to the Container.
    public func showNotice(_ message: String) async { await container.showNotice(message) }
}
