import Foundation
import Herald

/// Draws the Container's progress while a long intent runs: a one-line bar on a terminal, plain
/// lines (one per change of label) when the output is a pipe or a file.
final class ProgressConsole: Sendable {
    private let task: Task<Void, Never>

    /// Starts following `container` and drawing on `output`'s standard error.
    init(container: Container, output: TerminalOutput) {
        task = Task {
            var lastLabel = ""
            for await state in await container.changes() {
                guard case let .progress(done, total, label) = state.activity else { continue }
                if output.drawsProgress {
                    Self.drawBar(done: done, total: total, label: label, width: output.width)
                } else if label != lastLabel, !label.isEmpty {
                    FileHandle.standardError.write(Data("[\(done)/\(total)] \(label)\n".utf8))
                }
                lastLabel = label
            }
        }
    }

    /// Stops drawing and clears the bar.
    func finish(interactive: Bool) async {
        task.cancel()
        _ = await task.value
        if interactive { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }

    private static func drawBar(done: Int, total: Int, label: String, width: Int) {
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + line(done: Int64(done), of: Int64(total), counter: "\(done)/\(total)",
                                                                 label: label, width: width)).utf8))
    }

    /// `[#####-----] COUNTER LABEL`, the label cut to fit `width` columns: the bar of a refresh's
    /// feeds and of each file a download run has in flight.
    static func line(done: Int64, of total: Int64, counter: String, label: String, width: Int) -> String {
        let barWidth = max(10, min(30, width / 3))
        let filled = total > 0 ? Int(Int64(barWidth) * min(done, total) / total) : 0
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled)
        let room = max(0, width - barWidth - counter.count - 5)
        return "[\(bar)] \(counter) \(label.prefix(room))"
    }
}
