import Foundation
import HeraldDomain
import HeraldPorts
import HeraldTestSupport
import Testing

@Suite("Sync accounts in the store")
struct AccountStoreTests {
    /// The account name a backend accepts: PostgreSQL's current user, any name on SQLite.
    static func name(in store: AnyStore) -> String {
        (store as? any UserManaging)?.currentUser ?? "alice"
    }

    static func credentials(_ name: String, fever: String? = "0123456789abcdef0123456789abcdef") -> AccountCredentials {
        AccountCredentials(name: name, passwordHash: "$scrypt$ln=15,r=8,p=1$c2FsdA$aGFzaA", feverKey: fever,
                           updatedAt: StoreFixtures.epoch)
    }

    @Test(arguments: Backend.all) func credentialsAndTokensRoundTrip(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let name = Self.name(in: store)
            #expect(try await store.credentials(of: name) == nil)
            #expect(try await store.onlyAccountName() == nil)
            let token = APITokenRecord(id: "a1b2c3", account: name, digest: String(repeating: "d", count: 64),
                                       label: "phone", createdAt: StoreFixtures.epoch)
            await #expect(throws: StoreError.unknownUser(name)) { try await store.addToken(token) }

            try await store.setCredentials(Self.credentials(name))
            #expect(try await store.credentials(of: name) == Self.credentials(name))
            #expect(try await store.onlyAccountName() == name)
            #expect(try await store.account(forFeverKey: "0123456789abcdef0123456789abcdef") == name)

            try await store.addToken(token)
            #expect(try await store.tokens(of: name) == [token])
            #expect(try await store.token(withDigest: token.digest) == token)
            #expect(try await store.token(withDigest: String(repeating: "e", count: 64)) == nil)

            // A new password without Fever: the key is gone, the tokens stay.
            try await store.setCredentials(Self.credentials(name, fever: nil))
            #expect(try await store.account(forFeverKey: "0123456789abcdef0123456789abcdef") == nil)
            #expect(try await store.tokens(of: name).count == 1)

            #expect(try await store.revokeToken(id: token.id, of: name))
            #expect(try await !store.revokeToken(id: token.id, of: name))
            #expect(try await store.tokens(of: name).isEmpty)
        }
    }

    @Test func aSQLiteFileHoldsOneAccount() async throws {
        try await Backend.sqlite.withStore { store in
            try await store.setCredentials(Self.credentials("alice"))
            try await store.addToken(APITokenRecord(id: "t1", account: "alice", digest: "d1", label: "x",
                                                    createdAt: StoreFixtures.epoch))
            try await store.setCredentials(Self.credentials("bob"))
            #expect(try await store.credentials(of: "alice") == nil)
            #expect(try await store.onlyAccountName() == "bob")
            #expect(try await store.tokens(of: "alice").isEmpty)
            #expect(try await store.token(withDigest: "d1") == nil)
        }
    }

    @Test(.enabled(if: Backend.postgresURL != nil, "HERALD_TEST_POSTGRES_URL is not set"))
    func postgresRefusesANameThatIsNotAUser() async throws {
        try await Backend.postgres.withStore { store in
            await #expect(throws: StoreError.unknownUser("nobody-here")) {
                try await store.setCredentials(Self.credentials("nobody-here"))
            }
        }
    }
}
