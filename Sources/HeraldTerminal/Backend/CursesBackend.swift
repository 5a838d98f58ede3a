import CNcurses
import Herald
import Foundation
import Synchronization

/// The ncursesw backend: curses owns the terminal on one dedicated thread (curses is not thread
/// safe), which paints the newest frame, reads keys without blocking, and sleeps in `poll(2)` on
/// standard input and a wake-up pipe. terminfo gives the right sequences for the user's `TERM`;
/// curses restores the terminal on exit, Ctrl-Z and fatal signals, and reports SIGWINCH as a key.
public final class CursesBackend: TerminalBackend {
    private struct Mailbox {
        var frame: [StyledLine]?
        var suspend = false
        var stop = false
        var redraw = false
    }

    private let theme: Theme
    private let mailbox = Mutex(Mailbox())
    private let wakePipe: (read: Int32, write: Int32)
    private let finished = DispatchSemaphore(value: 0)
    private let started = Atomic<Bool>(false)

    /// Creates a backend drawing with a theme.
    public init(theme: Theme) {
        self.theme = theme
        var fds: [Int32] = [0, 0]
        _ = pipe(&fds)
        _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
        _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
        wakePipe = (fds[0], fds[1])
    }

    deinit {
        close(wakePipe.read)
        close(wakePipe.write)
    }

    /// Starts curses on its own thread.
    public func start() -> AsyncStream<TerminalEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self, bufferingPolicy: .unbounded)
        started.store(true, ordering: .sequentiallyConsistent)
        let thread = Thread { [self] in
            run(continuation)
            continuation.finish()
            finished.signal()
        }
        thread.name = "herald-terminal"
        thread.start()
        return stream
    }

    /// Queues a frame and wakes the terminal thread.
    public func present(_ frame: [StyledLine]) {
        mailbox.withLock { $0.frame = frame }
        wake()
    }

    /// Asks the terminal thread to suspend the process.
    public func suspend() {
        mailbox.withLock { $0.suspend = true }
        wake()
    }

    /// Asks the terminal thread to paint the next frame over the whole screen.
    public func redraw() {
        mailbox.withLock { $0.redraw = true }
        wake()
    }

    /// Restores the terminal and waits for the terminal thread to end.
    public func stop() {
        guard started.exchange(false, ordering: .sequentiallyConsistent) else { return }
        mailbox.withLock { $0.stop = true }
        wake()
        finished.wait()
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakePipe.write, &byte, 1)
    }

    private func run(_ events: AsyncStream<TerminalEvent>.Continuation) {
        _ = herald_use_utf8_locale()
        guard herald_start(theme.usesColour ? 1 : 0) != 0 else { return }
        herald_install_restore_handlers()
        events.yield(.resized(size()))
        while true {
            readKeys(into: events)
            let work = mailbox.withLock { box -> Mailbox in
                defer { box = Mailbox() }
                return box
            }
            if work.stop { break }
            if work.suspend {
                herald_suspend()
                events.yield(.resized(size()))
            }
            if work.redraw { herald_clear_screen() }
            if let frame = work.frame { paint(frame) }
            var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakePipe.read, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 2, 100)
            var sink = [UInt8](repeating: 0, count: 64)
            while read(wakePipe.read, &sink, sink.count) > 0 {}
        }
        herald_end()
    }

    private func size() -> TerminalSize {
        TerminalSize(width: Int(herald_columns()), height: Int(herald_lines()))
    }

    private func readKeys(into events: AsyncStream<TerminalEvent>.Continuation) {
        var function: Int32 = 0
        while true {
            let value = herald_read_key(&function)
            if value == ERR { return }
            if function != 0 && value == KEY_RESIZE {
                events.yield(.resized(size()))
            } else if let key = Self.decode(value, isFunctionKey: function != 0) {
                events.yield(.key(key))
            }
        }
    }

    /// A curses key code or Unicode scalar as a ``Key``.
    static func decode(_ value: Int32, isFunctionKey: Bool) -> Key? {
        if isFunctionKey {
            switch value {
            case KEY_UP: return .up
            case KEY_DOWN: return .down
            case KEY_LEFT: return .left
            case KEY_RIGHT: return .right
            case KEY_PPAGE: return .pageUp
            case KEY_NPAGE: return .pageDown
            case KEY_HOME: return .home
            case KEY_END: return .end
            case KEY_BACKSPACE: return .backspace
            case KEY_ENTER: return .enter
            default: return nil
            }
        }
        switch value {
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 9: return .tab
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(value) + 96)))
        default:
            guard let scalar = Unicode.Scalar(UInt32(value)) else { return nil }
            return .character(Character(scalar))
        }
    }

    private func paint(_ frame: [StyledLine]) {
        let width = Int(herald_columns())
        herald_erase()
        for (row, line) in frame.enumerated() {
            herald_move(Int32(row), 0)
            var used = 0
            for span in line.spans where !span.text.isEmpty {
                draw(span.text, style: theme.style(for: span.role), selected: line.isSelected)
                used += DisplayWidth.of(span.text)
            }
            if line.isSelected && used < width {
                draw(String(repeating: " ", count: width - used), style: RoleStyle(), selected: true)
            }
        }
        herald_refresh()
    }

    private func draw(_ text: String, style: RoleStyle, selected: Bool) {
        herald_write(TerminalGlyphs.drawable(text), style.bold ? 1 : 0, (style.reverse != selected) ? 1 : 0, style.underline ? 1 : 0,
                     style.dim ? 1 : 0, style.colourPair)
    }
}
