import HeraldComposition

extension Herald {
    /// The name of the account this engine serves to sync clients: the PostgreSQL user it acts for,
    /// or on SQLite the one account's name (`nil` until `herald user password NAME` set one).
    public func accountName() async throws(HeraldError) -> String? {
        if let user = currentUser { return user }
        do { return try await modules.accounts().localAccountName() } catch { throw .account(error) }
    }

    /// Sets the password `name` signs in to the sync APIs with. On SQLite `name` names the one
    /// local account (a different name renames it and revokes its tokens); on PostgreSQL it must be
    /// a user of the database.
    /// - Parameter fever: Keep the Fever API's key, md5("name:password"), so Fever clients can sign
    ///   in; false turns Fever off for the account.
    public func setPassword(_ password: String, for name: String, fever: Bool = true) async throws(HeraldError) {
        do { try await modules.accounts().setPassword(password, for: name, fever: fever) } catch { throw .account(error) }
    }

    /// Makes a revocable API token for `name` (Miniflux's `X-Auth-Token`).
    /// - Returns: The token, to show once (only its digest is stored), and its record.
    public func createToken(for name: String, label: String) async throws(HeraldError) -> (token: String, record: APITokenRecord) {
        do { return try await modules.accounts().createToken(for: name, label: label) } catch { throw .account(error) }
    }

    /// The tokens of `name`, oldest first.
    public func tokens(of name: String) async throws(HeraldError) -> [APITokenRecord] {
        do { return try await modules.accounts().tokens(of: name) } catch { throw .account(error) }
    }

    /// Revokes one of `name`'s tokens. - Returns: False when it has no token with that id.
    public func revokeToken(_ id: String, of name: String) async throws(HeraldError) -> Bool {
        do { return try await modules.accounts().revokeToken(id: id, of: name) } catch { throw .account(error) }
    }

    /// Signs a sync client in, rate-limited per account and per address. An engine serves one
    /// person's news, so an account other than ``accountName()`` is refused like a wrong password.
    /// - Parameter address: The client's address (for the per-address limit).
    /// - Returns: The account's name.
    public func signIn(_ attempt: SignInAttempt, from address: String) async throws(HeraldError) -> String {
        let name: String
        do { name = try await modules.accounts().signIn(attempt, from: address) } catch { throw .account(error) }
        if let user = currentUser, user != name { throw .account(.wrongCredentials) }
        return name
    }

    /// Whose credentials `attempt` carries, whichever person this engine acts for: what a server
    /// for everyone on a shared database asks before it hands the request to that person's engine
    /// (which checks again with ``signIn(_:from:)``). Rate-limited like ``signIn(_:from:)``.
    /// - Returns: The account's name.
    public func identify(_ attempt: SignInAttempt, from address: String) async throws(HeraldError) -> String {
        do { return try await modules.accounts().signIn(attempt, from: address) } catch { throw .account(error) }
    }

    /// Signs a client in with a name and password and gives it a session token (Google Reader's
    /// ClientLogin); the account keeps its fifty newest tokens of `label`.
    /// - Returns: The account's name and the token the client sends from then on.
    public func signInForSession(name: String, password: String, from address: String,
                                 label: String) async throws(HeraldError) -> (account: String, token: String) {
        let session: (account: String, token: String)
        do {
            session = try await modules.accounts().signInForSession(name: name, password: password, from: address,
                                                                    label: label, only: currentUser)
        } catch {
            throw .account(error)
        }
        return session
    }
}
