import AsyncHTTPClient

/// Connection pools that reach an `https` host at the address ``AddressScreen`` checked, while TLS
/// still names the host: the server name sent and the certificate checked are the host's, so a
/// name that answers a public address to the check and a private one afterwards (DNS rebinding)
/// reaches nothing private, and a private service cannot pass for the host.
///
/// AsyncHTTPClient resolves names itself and takes an address for a name only per client
/// (`dnsOverride`), so each checked host and address gets its own client, with the settings of
/// the fetcher's shared one. Clients are kept for reuse (a feed's pages come from one site) up to
/// ``limit``; past it the least recently used idle one is closed. ``shutdown()`` closes them all.
actor PinnedClients {
    /// The most clients kept open at once when idle.
    static let limit = 16

    /// A host as the URL spells it, and the address it is pinned to (no brackets).
    fileprivate struct Key: Hashable {
        let host: String
        let address: String
    }

    private struct Entry {
        let client: HTTPClient
        var users: Int
        var lastUse: UInt64
    }

    private let settings: HTTPClient.Configuration
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    private var isShutDown = false

    /// - Parameter settings: The shared client's configuration, which each pinned client copies.
    init(settings: HTTPClient.Configuration) {
        self.settings = settings
    }

    /// A client that connects to `address` (a literal from ``AddressScreen``: `1.2.3.4` or
    /// `[::1]`) for `host`; give it back with ``release(_:)`` when its response is read.
    /// - Parameter host: The host exactly as the request's URL spells it (`URL.host`): the client
    ///   finds its override by that spelling, so `News.Example` gets a client of its own rather
    ///   than `news.example`'s, whose override it would miss (and resolve the name again).
    func lease(host: String, address: String) -> PinnedClientLease {
        let key = Key(host: host, address: AddressScreen.bare(address))
        clock += 1
        if var entry = entries[key] {
            entry.users += 1
            entry.lastUse = clock
            entries[key] = entry
            return PinnedClientLease(client: entry.client, key: key, isKept: true)
        }
        var configuration = settings
        configuration.dnsOverride = [host: key.address]
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        guard !isShutDown else {
            // After the fetcher's shutdown nothing is kept: the lease closes its client itself.
            return PinnedClientLease(client: client, key: key, isKept: false)
        }
        entries[key] = Entry(client: client, users: 1, lastUse: clock)
        return PinnedClientLease(client: client, key: key, isKept: true)
    }

    /// Gives a leased client back; idle clients past ``limit`` are closed, oldest first.
    func release(_ lease: PinnedClientLease) async {
        guard lease.isKept else {
            try? await lease.client.shutdown()
            return
        }
        if var entry = entries[lease.key] {
            entry.users -= 1
            entries[lease.key] = entry
        }
        var closing: [HTTPClient] = []
        while entries.count > Self.limit,
              let oldest = entries.filter({ $0.value.users == 0 }).min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
            closing.append(oldest.value.client)
        }
        for client in closing { try? await client.shutdown() }
    }

    /// How many clients are kept open, and how many of them are lent out.
    var census: (kept: Int, lent: Int) {
        (entries.count, entries.values.filter { $0.users > 0 }.count)
    }

    /// Closes every kept client. Call it once, with the fetcher's own shutdown.
    func shutdown() async {
        isShutDown = true
        let clients = entries.values.map(\.client)
        entries = [:]
        for client in clients { try? await client.shutdown() }
    }
}

/// A client lent by ``PinnedClients`` for one exchange.
struct PinnedClientLease: Sendable {
    let client: HTTPClient
    fileprivate let key: PinnedClients.Key
    fileprivate let isKept: Bool
}
