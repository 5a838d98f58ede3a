import Herald

/// The engines the sync APIs act through. A SQLite database, or a server for one person
/// (`herald serve --user alice`), has one engine and accepts only its person's credentials. A
/// server for everyone on a shared PostgreSQL database (`herald serve --everyone`) learns whose
/// credentials a request carries, then hands the request to that person's engine, opened on first
/// use and kept; each engine accepts only its own person's credentials, so no request reaches
/// another person's news.
public actor SyncEngines {
    private let main: Herald
    private let opening: (@Sendable (String) async throws(HeraldError) -> Herald)?
    private var engines: [String: Herald] = [:]

    /// One engine for everything: it accepts only its person's credentials.
    public init(serving herald: Herald) {
        main = herald
        opening = nil
    }

    /// An engine per person: `main` identifies credentials, `open` opens a person's engine.
    public init(everyoneOn main: Herald, opening open: @escaping @Sendable (String) async throws(HeraldError) -> Herald) {
        self.main = main
        opening = open
    }

    /// The engine of the person `attempt` signs in as.
    /// - Throws: ``HeraldError`` for wrong credentials, too many failures, or an engine that cannot open.
    public func signIn(_ attempt: SignInAttempt, from address: String) async throws(HeraldError) -> Herald {
        guard opening != nil else {
            _ = try await main.signIn(attempt, from: address)
            return main
        }
        let name: String
        if case .password(let given, _) = attempt {
            name = given
        } else {
            name = try await main.identify(attempt, from: address)
        }
        let engine = try await engine(for: name)
        _ = try await engine.signIn(attempt, from: address)
        return engine
    }

    /// Signs `name` in with a password for a session token (Google Reader's ClientLogin).
    public func signInForSession(name: String, password: String, from address: String,
                                 label: String) async throws(HeraldError) -> (engine: Herald, token: String) {
        let engine = opening == nil ? main : try await engine(for: name)
        let session = try await engine.signInForSession(name: name, password: password, from: address, label: label)
        return (engine, session.token)
    }

    /// Shuts every engine this opened down (not the main one, whose owner does).
    public func shutdown() async {
        for engine in engines.values where engine !== main { await engine.shutdown() }
        engines = [:]
    }

    private func engine(for name: String) async throws(HeraldError) -> Herald {
        if let known = engines[name] { return known }
        if name == main.currentUser { return main }
        guard let opening else { return main }
        let opened: Herald
        do {
            opened = try await opening(name)
        } catch {
            // An unknown person is a wrong name, not a server failure.
            if case .store(.unknownUser) = error { throw .account(.wrongCredentials) }
            throw error
        }
        if let raced = engines[name] {
            await opened.shutdown()
            return raced
        }
        engines[name] = opened
        return opened
    }
}
