import Foundation

/// Opens a link outside the reader.
public protocol LinkOpening: Sendable {
    /// Opens `url`. - Returns: Why it could not, for the user, or `nil` when a browser was started.
    func open(_ url: String) -> String?
}

/// Starts `$BROWSER` (its words, the URL where one holds `%s`, else as one more argument), else `xdg-open`, as a child
/// process through `/usr/bin/env`: never a shell, so no character of a hostile URL is interpreted.
/// Only web, mail and gopher/gemini links are opened; `javascript:`, `data:`, `file:` and other
/// schemes are refused. The browser's output goes to /dev/null so it cannot draw over the reader.
public struct BrowserLauncher: LinkOpening {
    /// The environment to read `BROWSER` and `PATH` from.
    public var environment: [String: String]

    /// The schemes a link may have to be opened.
    public static let openableSchemes: Set<String> = ["http", "https", "ftp", "mailto", "gopher", "gemini"]

    /// Creates a launcher.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// Whether a URL's scheme is one the launcher opens.
    public static func isOpenable(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":") else { return false }
        return openableSchemes.contains(url[..<colon].lowercased())
    }

    /// Starts the browser on `url`.
    public func open(_ url: String) -> String? {
        guard Self.isOpenable(url) else {
            return "Herald opens only web and mail links; this one is not: \(url)"
        }
        var command = (environment["BROWSER"] ?? "").split(separator: " ").map(String.init)
        if command.isEmpty {
            guard let xdgOpen = findInPath("xdg-open") else {
                return "No browser: set $BROWSER or install xdg-open. The link: \(url)"
            }
            command = [xdgOpen]
        }
        // `$BROWSER` may say where the link goes (`firefox %s`, as browsers' launchers read it).
        let arguments = command.contains { $0.contains("%s") }
            ? command.map { $0.replacingOccurrences(of: "%s", with: url) }
            : command + [url]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--"] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            return nil
        } catch {
            return "Could not start \(command[0]): \(error.localizedDescription). The link: \(url)"
        }
    }

    private func findInPath(_ name: String) -> String? {
        for folder in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = folder + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
