/// The one state a screen is in: a screen can never show content and an error at once.
///
/// Every module's ViewModel is a `ScreenState` of its own content and intent types.
public enum ScreenState<Content: Sendable & Hashable, Intent: Sendable & Hashable>: Sendable, Hashable {
    /// Waiting for the first data.
    case loading
    /// The content to render.
    case loaded(Content)
    /// Nothing to show; the message says why and what to do.
    case empty(String)
    /// Loading failed; the message says what the user can do, `retry` is the intent to send.
    case failed(String, retry: Intent)

    /// The loaded content, if any (a convenience for tests and front ends).
    public var content: Content? {
        if case .loaded(let content) = self { return content }
        return nil
    }
}
