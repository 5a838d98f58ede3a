/// The only part of the reader that touches the terminal: it paints frames and reports keys and
/// resizes. Everything above it is pure and testable without a terminal.
public protocol TerminalBackend: Sendable {
    /// Takes over the terminal (alternate screen, raw keys, no cursor) and streams its events; the
    /// first event is the window's size.
    func start() -> AsyncStream<TerminalEvent>
    /// Shows a frame (the newest one wins when frames come faster than the terminal paints).
    func present(_ frame: [StyledLine])
    /// Hands the terminal back to the shell and stops the process (Ctrl-Z); after `fg`, repaints
    /// and reports the size again.
    func suspend()
    /// Restores the terminal (cursor, echo, canonical mode, main screen); waits until it is done.
    func stop()
    /// Paints the next frame over the whole screen, not only where it changed (Ctrl-L: another
    /// program wrote over the reader).
    func redraw()
}
