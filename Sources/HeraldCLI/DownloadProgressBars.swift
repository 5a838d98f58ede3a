import Foundation
import Herald
import Synchronization

/// Progress of a download run on standard error: on a terminal, one bar per file in flight,
/// redrawn at most ten times a second, with a line above them for each file that ends; on a
/// pipe, one line when a file starts and one when it ends.
final class DownloadProgressBars: Sendable {
    private struct Bar {
        var name: String
        var written: Int64
        var total: Int64?
    }

    private struct State {
        var bars: [String: Bar] = [:]
        var order: [String] = []
        var drawnLines = 0
        var lastDraw = ContinuousClock.now - .seconds(1)
    }

    private let output: TerminalOutput
    private let state = Mutex(State())

    init(output: TerminalOutput) {
        self.output = output
    }

    /// Takes one event of the run.
    func record(_ event: DownloadEvent) {
        state.withLock { state in
            switch event {
            case let .started(entry, from, total):
                state.bars[entry.url] = Bar(name: TerminalSafety.sanitize((entry.path as NSString).lastPathComponent),
                                            written: from, total: total)
                state.order.append(entry.url)
                let resumed = from > 0 ? " (resuming at \(ByteText.describe(from)))" : ""
                announce("Downloading \(TerminalSafety.sanitize(entry.title))\(resumed)", &state)
            case let .progressed(url, written):
                state.bars[url]?.written = written
                draw(&state, force: false)
            case .finished(let entry):
                remove(entry.url, &state)
                announce("Done: \(TerminalSafety.sanitize(entry.path))", &state)
            case let .failed(entry, error):
                remove(entry.url, &state)
                announce("Failed: \(TerminalSafety.sanitize(entry.title)): \(TerminalSafety.sanitize(error.message))", &state)
            }
        }
    }

    /// Clears the bars.
    func finish() {
        state.withLock { state in
            clear(&state)
        }
    }

    private func remove(_ url: String, _ state: inout State) {
        state.bars[url] = nil
        state.order.removeAll { $0 == url }
    }

    private func announce(_ line: String, _ state: inout State) {
        if output.drawsProgress {
            clear(&state)
            FileHandle.standardError.write(Data((line + "\n").utf8))
            draw(&state, force: true)
        } else {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }

    private func clear(_ state: inout State) {
        guard output.drawsProgress, state.drawnLines > 0 else { return }
        FileHandle.standardError.write(Data(("\u{1B}[\(state.drawnLines)A" + "\u{1B}[J").utf8))
        state.drawnLines = 0
    }

    private func draw(_ state: inout State, force: Bool) {
        guard output.drawsProgress else { return }
        let now = ContinuousClock.now
        guard force || state.lastDraw.duration(to: now) >= .milliseconds(100) else { return }
        state.lastDraw = now
        clear(&state)
        var text = ""
        for url in state.order {
            guard let bar = state.bars[url] else { continue }
            text += Self.line(bar, width: output.width) + "\n"
        }
        FileHandle.standardError.write(Data(text.utf8))
        state.drawnLines = state.order.count
    }

    private static func line(_ bar: Bar, width: Int) -> String {
        guard let total = bar.total, total > 0 else {
            return ProgressConsole.line(done: 0, of: 0, counter: ByteText.describe(bar.written), label: bar.name, width: width)
        }
        let size = "\(ByteText.describe(bar.written))/\(ByteText.describe(total)) \(min(bar.written, total) * 100 / total)%"
        return ProgressConsole.line(done: bar.written, of: total, counter: size, label: bar.name, width: width)
    }
}
