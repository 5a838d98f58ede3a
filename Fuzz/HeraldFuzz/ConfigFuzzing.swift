import Foundation
import HeraldSettings

/// Reads fuzzed config files with the real grammar (`ConfigurationFile`) and checks the outcome: a
/// refusal names the file, and an accepted configuration keeps the rules the settings promise, restated
/// here rather than reused from the grammar. A broken rule is a finding (a crash).
enum ConfigFuzzing {
    private static let path = "/home/fuzz/.config/herald/config"
    private static let file = ConfigurationFile(home: "/home/fuzz")
    private static let userNameExtras: Set<Unicode.Scalar> = [".", "_", "-", "@"]

    static func run(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        var configuration = HeraldConfiguration(databasePath: "/home/fuzz/.local/share/herald/herald.db")
        do {
            try file.apply(text, from: path, to: &configuration)
        } catch {
            guard error.message.hasPrefix(path) else {
                fatalError("a refusal that does not name the file: \(error.message.debugDescription)")
            }
            return
        }
        if let problem = problem(in: configuration, lineCount: lineCount(of: text)) {
            fatalError("accepted configuration breaks a rule (\(problem)) for \(text.debugDescription)")
        }
        var again = HeraldConfiguration(databasePath: "/home/fuzz/.local/share/herald/herald.db")
        do {
            try file.apply(text, from: path, to: &again)
        } catch {
            fatalError("accepted once, refused the second time: \(error.message)")
        }
        if again != configuration { fatalError("the same text read twice gave two configurations") }
    }

    /// The first rule `configuration` breaks.
    private static func problem(in configuration: HeraldConfiguration, lineCount: Int) -> String? {
        let database = configuration.databasePath
        if database.isEmpty || database.contains(where: endsLine) { return "database \(database.debugDescription)" }
        if database == "~" || database.hasPrefix("~/") { return "database path kept its ~" }
        if let user = configuration.user {
            let allowed = user.unicodeScalars.allSatisfy {
                CharacterSet.alphanumerics.contains($0) || userNameExtras.contains($0)
            }
            if !(1...64).contains(user.count) || !allowed { return "user \(user.debugDescription)" }
        }
        if configuration.maxConcurrentFetches < 1 || configuration.maxConcurrentPerHost < 1 { return "concurrency below 1" }
        let durations = [configuration.minimumRefreshInterval, configuration.maximumRefreshInterval, configuration.fetchTimeout]
        if !durations.allSatisfy({ $0.isFinite && $0 >= 1 && $0 <= 365 * 86_400 }) { return "duration \(durations)" }
        if configuration.minimumRefreshInterval > configuration.maximumRefreshInterval { return "minimum interval above maximum" }
        // What Composition does with the timeout: milliseconds, then NIO's nanoseconds, in 64 bits.
        if Int64(configuration.fetchTimeout * 1000).multipliedReportingOverflow(by: 1_000_000).overflow {
            return "fetch timeout overflows nanoseconds"
        }
        if configuration.maxFeedBytes < 1 { return "max feed size below 1" }
        if let keep = configuration.retention.keepNewest, keep < 1 { return "keep-articles \(keep)" }
        if let days = configuration.retention.keepDays, days < 1 { return "keep-days \(days)" }
        if let agent = configuration.userAgent, agent.isEmpty || !agent.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) {
            return "user agent \(agent.debugDescription)"
        }
        if let token = configuration.webToken, token.utf8.count < 16 || !token.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) {
            return "web token \(token.debugDescription)"
        }
        for binding in configuration.keyBindings {
            guard binding.place.hasPrefix(path + ":"), let line = Int(binding.place.dropFirst(path.count + 1)),
                  (1...lineCount).contains(line) else { return "bind-key place \(binding.place)" }
            if binding.words.contains(where: { $0.isEmpty || $0.contains(where: { $0 == " " || $0 == "\t" || endsLine($0) }) }) {
                return "bind-key words \(binding.words)"
            }
        }
        return nil
    }

    /// Whether a character ends a line for the grammar (and for an editor): LF, CRLF or CR.
    private static func endsLine(_ character: Character) -> Bool {
        character == "\n" || character == "\r\n" || character == "\r"
    }

    /// Lines as an editor counts them: ended by LF, CRLF or CR.
    private static func lineCount(of text: String) -> Int {
        var count = 1
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == 0x0A && previous != 0x0D || byte == 0x0D { count += 1 }
            previous = byte
        }
        return count
    }
}
