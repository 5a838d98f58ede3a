import HeraldContainer
import HeraldPresenters

/// Bridges the presenters' reporting port to the shared ``Container``: every module's loading,
/// progress, errors and notices end up in the one Container the front end renders.
public struct ContainerActivity: ActivityReporting {
    /// The shared Container.
    public let container: any ContainerReporting
    /// The module this bridge reports for: its loading never clears another module's.
    public let source: ActivitySource

    /// Wraps a Container for one module.
    public init(container: any ContainerReporting, source: ActivitySource) {
        self.container = container
        self.source = source
    }

    /// Forwards to the Container as this module.
    public func showLoading() async { await container.showLoading(from: source) }
    /// Forwards to the Container as this module.
    public func showProgress(done: Int, total: Int, label: String) async {
        await container.showProgress(done: done, total: total, label: label, from: source)
    }
    /// Forwards to the Container as this module.
    public func hideLoading() async { await container.hideLoading(from: source) }
    /// Forwards to the Container.
    public func showError(_ message: String, retry: (@Sendable () async -> Void)?) async {
        await container.showError(message, retry: retry)
    }
    /// Forwards to the Container.
    public func showNotice(_ message: String) async { await container.showNotice(message) }
}
