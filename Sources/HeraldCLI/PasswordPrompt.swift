import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a password: from standard input when it is not a terminal (a script, a password manager's
/// pipe), else asked twice on the terminal with echo off.
enum PasswordPrompt {
    /// The password typed or piped.
    /// - Throws: ``CLIFailure`` when the two entries differ or nothing was given.
    static func read(for name: String) throws -> String {
        if isatty(STDIN_FILENO) == 0 {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            var text = String(decoding: data, as: UTF8.self)
            if text.hasSuffix("\n") { text.removeLast() }
            if text.hasSuffix("\r") { text.removeLast() }
            guard !text.isEmpty else { throw CLIFailure("No password on standard input.") }
            return text
        }
        let first = try ask("Password for \(name): ")
        let second = try ask("Again: ")
        guard first == second else { throw CLIFailure("The two passwords differ; nothing was changed.") }
        return first
    }

    /// One line from the terminal, not echoed.
    private static func ask(_ prompt: String) throws -> String {
        FileHandle.standardError.write(Data(prompt.utf8))
        var saved = termios()
        let canHide = tcgetattr(STDIN_FILENO, &saved) == 0
        if canHide {
            var hidden = saved
            hidden.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &hidden)
        }
        defer {
            if canHide { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
            FileHandle.standardError.write(Data("\n".utf8))
        }
        guard let line = Swift.readLine(strippingNewline: true) else {
            throw CLIFailure("No password was typed; nothing was changed.")
        }
        return line
    }
}
