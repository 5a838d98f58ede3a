import Foundation
import HeraldSettings

/// Adds lines to the user's config file (`herald import --from newsboat` keeps newsboat's key
/// bindings and its `ignore-article` lines as rules there), never twice, never touching what is there: the lines go at the end under a
/// comment saying where they came from, and the file is replaced whole (written beside it, then
/// renamed), so an interrupted write leaves the old file.
package enum ConfigurationFileEditor {
    /// Appends the `bind-key` lines the file does not already have.
    /// - Parameters:
    ///   - bindings: Each line's words after `bind-key`.
    ///   - path: The config file (created with its folder when missing).
    ///   - origin: What the comment above them says they came from.
    /// - Returns: The lines added.
    /// - Throws: ``HeraldError/file(path:reason:)`` when the file cannot be read or written.
    package static func addKeyBindings(_ bindings: [[String]], to path: String, origin: String) throws(HeraldError) -> [String] {
        try addLines(bindings.map { (["bind-key"] + $0).joined(separator: " ") }, to: path, origin: origin)
    }

    /// Appends the lines the file does not already have (blanks and comments aside).
    /// - Returns: The lines added.
    /// - Throws: ``HeraldError/file(path:reason:)`` when the file cannot be read or written.
    package static func addLines(_ lines: [String], to path: String, origin: String) throws(HeraldError) -> [String] {
        let manager = FileManager.default
        var text = ""
        if manager.fileExists(atPath: path) {
            guard let existing = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw .file(path: path, reason: "it cannot be read as UTF-8 text")
            }
            text = existing
        }
        let present = Set(text.split(whereSeparator: \.isNewline).map { Self.normalised(String($0)) })
        var added: [String] = []
        for line in lines {
            let key = normalised(line)
            guard !present.contains(key), !added.map(normalised).contains(key) else { continue }
            added.append(line)
        }
        guard !added.isEmpty else { return [] }
        if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
        text += (text.isEmpty ? "" : "\n") + "# " + origin + "\n" + added.joined(separator: "\n") + "\n"
        do {
            try manager.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .file(path: path, reason: "it cannot be written (\(error.localizedDescription))")
        }
        return added
    }

    /// Removes the lines that are `line` (blanks and a trailing comment aside), and the comment
    /// line just above a removed one when nothing else is left under it.
    /// - Returns: How many lines were removed.
    /// - Throws: ``HeraldError/file(path:reason:)`` when the file cannot be read or written.
    package static func removeLines(_ line: String, from path: String) throws(HeraldError) -> Int {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw .file(path: path, reason: "it cannot be read as UTF-8 text")
        }
        let key = normalised(line)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var removed = 0
        var index = 0
        while index < lines.count {
            guard normalised(lines[index]) == key else {
                index += 1
                continue
            }
            lines.remove(at: index)
            removed += 1
            // A comment that headed only this line ("# added in the web reader") goes with it.
            let above = index - 1
            let next = index < lines.count ? lines[index].trimmingCharacters(in: .whitespaces) : ""
            if above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("#"), next.isEmpty {
                lines.remove(at: above)
                index -= 1
                if index - 1 >= 0, index - 1 < lines.count, lines[index - 1].trimmingCharacters(in: .whitespaces).isEmpty,
                   index < lines.count, lines[index].trimmingCharacters(in: .whitespaces).isEmpty {
                    lines.remove(at: index - 1)
                    index -= 1
                }
            }
        }
        guard removed > 0 else { return 0 }
        do {
            try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .file(path: path, reason: "it cannot be written (\(error.localizedDescription))")
        }
        return removed
    }

    /// The number (from 1) of the last line that is `line`, blanks and comment aside.
    package static func lineNumber(of line: String, in path: String) -> Int? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let key = normalised(line)
        return text.split(separator: "\n", omittingEmptySubsequences: false).lastIndex { normalised(String($0)) == key }
            .map { $0 + 1 }
    }

    /// A line with its blanks collapsed and its comment dropped, to tell a line already there.
    private static func normalised(_ line: String) -> String {
        let code = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return code.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }
}
