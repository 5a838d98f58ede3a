import Foundation

/// Finds files under the package's `Fixtures/` folder by walking up from this source file.
enum Fixtures {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url.appendingPathComponent("Fixtures")
            }
            url.deleteLastPathComponent()
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// `Fixtures/config`: example config files, `valid-…` and `invalid-…`.
    static let config = root.appendingPathComponent("config")
}
