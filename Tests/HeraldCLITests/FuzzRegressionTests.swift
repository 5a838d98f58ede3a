import Foundation
import Testing

extension CLISuite {
    /// Every input the fuzzer ever saved (`Fixtures/fuzz-regressions/<target>/`, by scripts/fuzz)
    /// replayed through its target by the `herald-fuzz` replayer: a fixed crash stays fixed. A new
    /// folder is picked up without changing this test; a folder that names no target fails it.
    @Suite("Fuzz regressions")
    struct FuzzRegressionTests {
        static let targets: Set<String> = ["feed", "html", "subscriptions", "search", "sanitizer", "config", "extract"]

        @Test("every saved input of every target replays without a crash")
        func everySavedInputReplays() async throws {
            let root = Locations.fixture("fuzz-regressions")
            let folders = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
            #expect(!folders.isEmpty)
            var replayed = 0
            for folder in folders {
                #expect(Self.targets.contains(folder), "Fixtures/fuzz-regressions/\(folder) names no fuzz target")
                let inputs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
                    .sorted().map { root.appendingPathComponent(folder).appendingPathComponent($0).path }
                guard !inputs.isEmpty else { continue }
                let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("herald-fuzz-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(at: scratch) }
                let child = try ChildProcess(executable: Locations.heraldFuzz, arguments: inputs,
                                             environment: ["HERALD_FUZZ_TARGET": folder, "PATH": "/usr/bin:/bin"],
                                             directory: scratch, stdin: nil, scratch: scratch)
                let result = await child.finish(timeout: .seconds(60))
                #expect(result.succeeded, "\(folder): \(result.summary)")
                let lines = result.stdout.split(separator: "\n").filter { $0.hasSuffix(": no crash") }
                #expect(lines.count == inputs.count, "\(folder): \(result.stdout)")
                replayed += lines.count
            }
            #expect(replayed >= 3)
        }
    }
}
