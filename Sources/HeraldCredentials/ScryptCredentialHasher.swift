import Crypto
import _CryptoExtras
import Foundation
import HeraldDomain
import HeraldPorts

/// Accounts' cryptography on swift-crypto (BoringSSL): scrypt password hashes in PHC string form
/// (`$scrypt$ln=15,r=8,p=1$<salt>$<hash>`, base64 without padding), SHA-256 token digests, random
/// tokens from the system's secure generator, and Fever's md5 key.
///
/// scrypt with N = 2^15, r = 8, p = 1 (OWASP's minimum for scrypt) takes about 32 MiB and a tenth
/// of a second a sign-in: slow for a guesser with a stolen database, fine for a person. Stored
/// hashes carry their parameters, so raising them later keeps old hashes verifiable.
public struct ScryptCredentialHasher: CredentialHashing {
    /// log2 of scrypt's N.
    public let logRounds: Int
    /// scrypt's block size r.
    public let blockSize: Int
    /// scrypt's parallelism p.
    public let parallelism: Int

    /// Creates a hasher; tests may lower `logRounds` (never below 10).
    public init(logRounds: Int = 15, blockSize: Int = 8, parallelism: Int = 1) {
        self.logRounds = max(10, logRounds)
        self.blockSize = blockSize
        self.parallelism = parallelism
    }

    public func hashPassword(_ password: String) async -> String {
        await Self.offThePool { hashNow(password) }
    }

    public func verifyPassword(_ password: String, against hash: String) async -> Bool {
        await Self.offThePool { verifyNow(password, against: hash) }
    }

    /// One hash at a time per process: a burst of sign-ins (or a guesser) queues here instead of
    /// taking every core and 32 MiB each from the server's other requests.
    private static let queue = DispatchQueue(label: "herald.credentials.scrypt", qos: .userInitiated)

    /// Runs a slow computation on ``queue``, not on Swift concurrency's few cooperative threads
    /// (one per core), which a tenth of a second of scrypt would hold up.
    private static func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }

    private func hashNow(_ password: String) -> String {
        let salt = Self.randomBytes(16)
        let derived = Self.derive(password, salt: salt, logRounds: logRounds, blockSize: blockSize,
                                  parallelism: parallelism) ?? []
        return "$scrypt$ln=\(logRounds),r=\(blockSize),p=\(parallelism)$"
            + Self.base64(salt) + "$" + Self.base64(derived)
    }

    private func verifyNow(_ password: String, against hash: String) -> Bool {
        let parts = hash.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "scrypt" else { return false }
        var parameters: [Substring: Int] = [:]
        for pair in parts[2].split(separator: ",") {
            let keyValue = pair.split(separator: "=", maxSplits: 1)
            guard keyValue.count == 2, let value = Int(keyValue[1]) else { return false }
            parameters[keyValue[0]] = value
        }
        guard let logRounds = parameters["ln"], (10...20).contains(logRounds),
              let blockSize = parameters["r"], (1...32).contains(blockSize),
              let parallelism = parameters["p"], (1...16).contains(parallelism),
              let salt = Self.bytes(fromBase64: String(parts[3])),
              let expected = Self.bytes(fromBase64: String(parts[4])), expected.count == 32,
              let derived = Self.derive(password, salt: salt, logRounds: logRounds, blockSize: blockSize,
                                        parallelism: parallelism) else { return false }
        return Self.constantTimeEquals(derived, expected)
    }

    public func tokenDigest(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    public func newToken() -> String {
        Self.base64(Self.randomBytes(32)).replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
    }

    public func newIdentifier() -> String {
        Self.randomBytes(6).map { String(format: "%02x", $0) }.joined()
    }

    public func feverKey(name: String, password: String) -> String {
        Insecure.MD5.hash(data: Data("\(name):\(password)".utf8)).map { String(format: "%02x", $0) }.joined()
    }

    public func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        Self.constantTimeEquals(Array(lhs.utf8), Array(rhs.utf8))
    }

    private static func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }

    private static func derive(_ password: String, salt: [UInt8], logRounds: Int, blockSize: Int,
                               parallelism: Int) -> [UInt8]? {
        guard let key = try? KDF.Scrypt.deriveKey(from: Array(password.utf8), salt: salt, outputByteCount: 32,
                                                  rounds: 1 << logRounds, blockSize: blockSize,
                                                  parallelism: parallelism,
                                                  maxMemory: 256 * (1 << logRounds) * blockSize * parallelism + (1 << 20))
        else { return nil }
        return key.withUnsafeBytes { Array($0) }
    }

    private static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    private static func base64(_ bytes: [UInt8]) -> String {
        var text = Data(bytes).base64EncodedString()
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    private static func bytes(fromBase64 text: String) -> [UInt8]? {
        var padded = text
        while padded.count % 4 != 0 { padded += "=" }
        return Data(base64Encoded: padded).map(Array.init)
    }
}
