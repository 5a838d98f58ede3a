import Foundation
import HeraldComposition
import Logging
import Testing

@Suite("The refresh log file")
struct RefreshLogTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("herald-log-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("lines are JSON with the metadata; the last run is read back with its problems")
    func theLastRunIsReadBack() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("state/herald/refresh.log").path
        let writer = LogFileWriter(path: path)
        var logger = Logger(label: "test", factory: { _ in JSONLinesLogHandler(writer: writer) })
        for run in ["r1", "r2"] {
            logger[metadataKey: "run"] = "\(run)"
            logger.info("refresh started", metadata: ["selection": "all"])
            logger.info("stored", metadata: ["feed": "1", "title": "A \u{1B}[31mred\u{1B}[0m title"])
            logger.warning("failed", metadata: ["feed": "2", "reason": "The server answered 404."])
            logger.info("refresh finished", metadata: ["total": "2"])
        }
        logger.debug("not written: below the level")
        let records = RefreshLog(path: path).lastRun()
        #expect(records.map(\.message) == ["refresh started", "stored", "failed", "refresh finished"])
        #expect(records.allSatisfy { $0.run == "r2" })
        #expect(records.filter(\.isProblem).map { $0.fields["reason"] } == ["The server answered 404."])
        #expect(records[1].fields["title"] == "A \u{1B}[31mred\u{1B}[0m title", "kept as written; escaped in the file")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains("\u{1B}"), "control characters are escaped in the file")
    }

    @Test("the file is rotated at its size limit and never holds more than three files")
    func rotation() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("refresh.log").path
        let writer = LogFileWriter(path: path, maximumBytes: 4096)
        let line = String(repeating: "x", count: 100)
        for _ in 0..<400 { writer.append(line) }
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(files == ["refresh.log", "refresh.log.1", "refresh.log.2"])
        for file in files {
            let size = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent(file).path)[.size] as? Int
            #expect((size ?? .max) <= 4096)
        }
    }

    @Test("two writers of one file (two processes) rotate it without losing their place")
    func twoWriters() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("refresh.log").path
        let first = LogFileWriter(path: path, maximumBytes: 4096)
        let second = LogFileWriter(path: path, maximumBytes: 4096)
        for index in 0..<100 {
            first.append("first \(index) " + String(repeating: "a", count: 40))
            second.append("second \(index) " + String(repeating: "b", count: 40))
        }
        let newest = try String(contentsOfFile: path, encoding: .utf8)
        #expect(newest.contains("first 99") && newest.contains("second 99"), "both write the current file")
    }
}
