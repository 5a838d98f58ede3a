import Foundation

/// Where the CLI writes, and what it knows about the terminal it writes to.
struct TerminalOutput: Sendable {
    /// True when standard output is a terminal (progress bars, colours); false for pipes and files.
    let isInteractive: Bool
    /// The width of the terminal in columns, or 80 when unknown.
    let width: Int
    /// True when progress bars may be drawn: they go to standard error, so it is that which must
    /// be a terminal (`herald refresh 2>>log` writes plain lines), and one that can move the cursor
    /// (not `TERM=dumb`).
    var drawsProgress = false

    /// Inspects the real standard output; `COLUMNS` overrides the measured width.
    static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> TerminalOutput {
        let interactive = isatty(STDOUT_FILENO) == 1
        var size = winsize()
        var columns = 80
        if interactive, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            columns = Int(size.ws_col)
        }
        if let override = environment["COLUMNS"].flatMap(Int.init), override > 10 {
            columns = override
        }
        var output = TerminalOutput(isInteractive: interactive, width: columns)
        output.drawsProgress = isatty(STDERR_FILENO) == 1 && environment["TERM"] != "dumb"
        return output
    }

    /// Writes text to standard output without a newline. When the reader of a pipe has gone
    /// (`herald list | head`), the command ends quietly, as Unix tools do, instead of trapping.
    func write(_ text: String) {
        do {
            try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
        } catch {
            exit(0)
        }
    }

    /// Writes one line to standard output.
    func line(_ text: String = "") {
        write(text + "\n")
    }

    /// Writes UTF-8 bytes (a JSON document) and a line break to standard output, as they are.
    func line(utf8 bytes: Data) {
        do {
            try FileHandle.standardOutput.write(contentsOf: bytes)
            try FileHandle.standardOutput.write(contentsOf: Data("\n".utf8))
        } catch {
            exit(0)
        }
    }

    /// Writes one line to standard error.
    func errorLine(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
