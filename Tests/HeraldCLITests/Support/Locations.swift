import Foundation

/// Where the package's files are: the checkout (found from this source file), its fixtures, and the
/// `herald` executable that `swift test` built next to the test bundle.
enum Locations {
    /// The package root (the folder holding Package.swift).
    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url
            }
            url.deleteLastPathComponent()
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// `Fixtures/<path>` of the checkout.
    static func fixture(_ path: String) -> URL {
        packageRoot.appendingPathComponent("Fixtures").appendingPathComponent(path)
    }

    /// The contents of `Fixtures/<path>`.
    static func fixtureData(_ path: String) throws -> Data {
        try Data(contentsOf: fixture(path))
    }

    /// The `herald-fuzz` replayer (built without the fuzzer by `swift build`), found as ``herald`` is.
    static let heraldFuzz: URL = herald.deletingLastPathComponent().appendingPathComponent("herald-fuzz")

    /// The `herald` executable: a sibling of the running test bundle (resolved through
    /// /proc/self/exe), else the debug build folder of the checkout.
    static let herald: URL = {
        var candidates: [URL] = []
        if let runner = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: runner).deletingLastPathComponent().appendingPathComponent("herald"))
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("herald"))
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("herald"))
        candidates.append(packageRoot.appendingPathComponent(".build/debug/herald"))
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        fatalError("The herald executable was not found (looked at \(candidates.map(\.path))); run `swift build` first.")
    }()
}
