#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain
import HeraldPorts

/// The sync APIs' accounts: set a password (and the Fever key it implies), make and revoke API
/// tokens, and sign a client in, rate-limited per account and per address. Stores keep hashes and
/// digests only; a token is shown once, when it is made.
public struct AccountInteractor: Sendable {
    /// The shortest password accepted.
    public static let minimumPasswordLength = 8

    private let accounts: any AccountStoring
    private let hashing: any CredentialHashing
    private let throttle: SignInThrottle
    private let clock: any WallClock

    /// Creates the use cases.
    /// - Parameter throttle: Shared by every request of a server, so failures add up across them.
    public init(accounts: any AccountStoring, hashing: any CredentialHashing, throttle: SignInThrottle,
                clock: any WallClock) {
        self.accounts = accounts
        self.hashing = hashing
        self.throttle = throttle
        self.clock = clock
    }

    /// Sets `name`'s password. On SQLite, `name` becomes the one account's name.
    /// - Parameter fever: Also keep md5("name:password") so Fever clients can sign in; false turns Fever off.
    public func setPassword(_ password: String, for name: String, fever: Bool) async throws(AccountError) {
        guard password.count >= Self.minimumPasswordLength else {
            throw .weakPassword(minimumLength: Self.minimumPasswordLength)
        }
        let credentials = AccountCredentials(name: name, passwordHash: await hashing.hashPassword(password),
                                             feverKey: fever ? hashing.feverKey(name: name, password: password) : nil,
                                             updatedAt: clock.now())
        do { try await accounts.setCredentials(credentials) } catch { throw .store(error) }
    }

    /// The one account of a single-person store (SQLite); `nil` when no password was set.
    public func localAccountName() async throws(AccountError) -> String? {
        do { return try await accounts.onlyAccountName() } catch { throw .store(error) }
    }

    /// Whether `name` has a password (and so can sign in).
    public func hasPassword(_ name: String) async throws(AccountError) -> Bool {
        do { return try await accounts.credentials(of: name) != nil } catch { throw .store(error) }
    }

    /// Makes a token for `name`.
    /// - Returns: The token, to show once, and what is stored of it.
    public func createToken(for name: String, label: String) async throws(AccountError)
        -> (token: String, record: APITokenRecord) {
        guard try await hasPassword(name) else { throw .noPassword(name) }
        let token = hashing.newToken()
        let record = APITokenRecord(id: hashing.newIdentifier(), account: name, digest: hashing.tokenDigest(token),
                                    label: label, createdAt: clock.now())
        do { try await accounts.addToken(record) } catch { throw .store(error) }
        return (token, record)
    }

    /// Signs in with a name and password and makes a session token for the client (Google
    /// Reader's ClientLogin), keeping the newest `keep` tokens of that label: a client that signs
    /// in again and again does not pile up tokens, and fifty devices keep their sessions.
    /// - Parameter allowed: The only account this engine serves (a PostgreSQL user); another is
    ///   refused before any token is made.
    /// - Returns: The account's name and the token.
    public func signInForSession(name: String, password: String, from address: String, label: String,
                                 keep: Int = 50, only allowed: String? = nil) async throws(AccountError)
        -> (account: String, token: String) {
        let account = try await signIn(.password(name: name, password: password), from: address)
        if let allowed, allowed != account { throw .wrongCredentials }
        let (token, _) = try await createToken(for: account, label: label)
        let sessions = try await tokens(of: account).filter { $0.label == label }
        for old in sessions.dropLast(max(1, keep)) {
            _ = try await revokeToken(id: old.id, of: account)
        }
        return (account, token)
    }

    /// The tokens of `name`, oldest first.
    public func tokens(of name: String) async throws(AccountError) -> [APITokenRecord] {
        do { return try await accounts.tokens(of: name) } catch { throw .store(error) }
    }

    /// Revokes a token. - Returns: False when `name` has no token with that id.
    public func revokeToken(id: String, of name: String) async throws(AccountError) -> Bool {
        do { return try await accounts.revokeToken(id: id, of: name) } catch { throw .store(error) }
    }

    /// Signs a client in.
    ///
    /// Passwords and Fever keys are rate-limited (per address, and passwords per account too);
    /// tokens are not: a token is 256 random bits no one guesses, and counting wrong tokens would
    /// only let anyone lock every client out (behind a proxy they all share one address).
    /// - Parameter address: The client's address, for the per-address limit.
    /// - Returns: The account's name.
    /// - Throws: ``AccountError/throttled(retryAfterSeconds:)`` after too many failures (before a
    ///   password is even checked; a Fever key is checked first), else ``AccountError/wrongCredentials``.
    public func signIn(_ attempt: SignInAttempt, from address: String) async throws(AccountError) -> String {
        var keys: [String] = []
        switch attempt {
        case .password(let name, _): keys = ["address:" + address, "account:" + name]
        case .feverKey: keys = ["address:" + address]
        case .token: keys = []
        }
        let now = clock.now()
        if case .feverKey = attempt {
            return try await signIn(feverKey: attempt, keys: keys, at: now)
        }
        if !keys.isEmpty {
            let wait = await throttle.admit(keys, at: now)
            if wait > 0 { throw .throttled(retryAfterSeconds: wait) }
        }
        let account: String?
        do { account = try await check(attempt) } catch { throw .store(error) }
        guard let account else { throw .wrongCredentials }
        if !keys.isEmpty { await throttle.succeeded(keys, at: now, clearing: "account:" + account) }
        return account
    }

    /// A Fever key is checked before it is counted: a Fever client sends one request per article
    /// it marks, dozens at once, each signed in with the key, and counting each while it is
    /// checked refused the eleventh (a key is one look-up, where a password costs scrypt's time,
    /// which is why passwords are counted first). A right key is still refused while the address
    /// is locked out, and a wrong one is counted as it is found wrong and then answered as a
    /// locked-out attempt would be: once the limit is reached, no answer tells a right key from a
    /// wrong one, however many were sent at once.
    private func signIn(feverKey attempt: SignInAttempt, keys: [String], at now: Date) async throws(AccountError) -> String {
        let account: String?
        do { account = try await check(attempt) } catch { throw .store(error) }
        guard let account else {
            let wait = await throttle.failed(keys, at: now)
            if wait > 0 { throw .throttled(retryAfterSeconds: wait) }
            throw .wrongCredentials
        }
        let wait = await throttle.wait(for: keys, at: now)
        if wait > 0 { throw .throttled(retryAfterSeconds: wait) }
        return account
    }

    private func check(_ attempt: SignInAttempt) async throws(StoreError) -> String? {
        switch attempt {
        case let .password(name, password):
            guard let credentials = try await accounts.credentials(of: name) else {
                // The same work as a real check, so a missing account takes as long as a wrong password.
                _ = await hashing.verifyPassword(password, against: Self.decoyHash)
                return nil
            }
            return await hashing.verifyPassword(password, against: credentials.passwordHash) ? credentials.name : nil
        case .token(let token):
            guard !token.isEmpty, let record = try await accounts.token(withDigest: hashing.tokenDigest(token)) else {
                return nil
            }
            return record.account
        case .feverKey(let key):
            let lowered = key.lowercased()
            guard lowered.count == 32, lowered.allSatisfy(\.isHexDigit) else { return nil }
            return try await accounts.account(forFeverKey: lowered)
        }
    }

    /// A well-formed hash no password matches (the salt and hash are zeros), checked against when
    /// an account does not exist.
    private static let decoyHash = "$scrypt$ln=15,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
}
