import Foundation
import Herald
import HeraldTerminal

/// Opens the interactive reader on an engine: the key map from the config file's `bind-key` lines,
/// the Router on the first screen (a deep link's, or feeds), the ncursesw backend.
enum ReaderLauncher {
    /// Whether the reader can run here: standard input and output are a terminal that is not `dumb`.
    static func canRun(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return false }
        guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else { return false }
        return true
    }

    /// Runs the reader until the user quits.
    /// - Parameter link: A deep link (`herald://feed/3`, `42`) to open on top of the feeds screen.
    /// - Throws: ``CLIFailure`` for a bad `bind-key` line or link.
    static func run(_ herald: Herald, link: String? = nil) async throws {
        let environment = ProcessInfo.processInfo.environment
        let keyMap: KeyMap
        do {
            keyMap = try KeyMap.standard(with: herald.configuration.keyBindings.map { ($0.words, $0.place) })
        } catch {
            throw CLIFailure(error.message)
        }
        let router = Router(root: .feeds)
        if let link {
            do { try await router.open(link) } catch { throw CLIFailure(error.message) }
        }
        let theme = Theme.forEnvironment(environment)
        let session = ReaderSession(herald: herald, backend: CursesBackend(theme: theme), router: router,
                                    keyMap: keyMap, theme: theme, links: BrowserLauncher(environment: environment))
        await session.run()
    }
}
