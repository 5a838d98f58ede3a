import Foundation
import HeraldDomain
import HeraldPorts

/// Who runs this process: the PostgreSQL store's default user, and the holder name of a refresh's
/// claims on the shared queue.
enum LoginName {
    /// The login name (`USER`, `LOGNAME`, then the password database), when it is a valid user
    /// name (see `ConfigurationLoader`); else `default`, the user every database has.
    static var current: String {
        let environment = ProcessInfo.processInfo.environment
        let candidates = [environment["USER"], environment["LOGNAME"], passwordDatabaseName]
        for case let name? in candidates where isUsable(name) { return name }
        return "default"
    }

    /// This process on this machine, unique among the refreshes sharing a queue.
    static var holder: String {
        "\(ProcessInfo.processInfo.hostName):\(getpid()):\(UUID().uuidString.prefix(8))"
    }

    /// Tells whether a holder (`host:pid:tag`) of this machine still runs.
    struct Probe: HolderProbing {
        func isRunning(_ holder: String) -> Bool? {
            let parts = holder.split(separator: ":")
            guard parts.count >= 3, String(parts[0]) == ProcessInfo.processInfo.hostName,
                  let pid = Int32(parts[1]), pid > 0 else { return nil }
            if kill(pid, 0) == 0 { return true }
            return errno == EPERM
        }
    }

    private static var passwordDatabaseName: String? {
        guard let entry = getpwuid(getuid()), let name = entry.pointee.pw_name else { return nil }
        return String(cString: name)
    }

    private static func isUsable(_ name: String) -> Bool {
        (1...64).contains(name.count) && name.unicodeScalars.allSatisfy { scalar in
            CharacterSet.alphanumerics.contains(scalar) || "._-@".unicodeScalars.contains(scalar)
        }
    }
}
