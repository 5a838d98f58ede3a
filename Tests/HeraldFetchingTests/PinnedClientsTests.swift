import AsyncHTTPClient
@testable import HeraldFetching
import Testing

@Suite("Pinned https clients: reused per host and address, bounded, closed at the end")
struct PinnedClientsTests {
    @Test("A host and address lends one client again, another spelling of the host its own; past the limit idle clients are closed, lent ones never")
    func reuseAndLimit() async {
        let clients = PinnedClients(settings: HTTPClient.Configuration())
        let first = await clients.lease(host: "news.example", address: "93.184.216.34")
        let again = await clients.lease(host: "news.example", address: "93.184.216.34")
        #expect(first.client === again.client)
        // The client finds its address by the URL's spelling of the host: one per spelling.
        let otherSpelling = await clients.lease(host: "News.Example", address: "93.184.216.34")
        #expect(otherSpelling.client !== first.client)
        await clients.release(otherSpelling)
        let otherAddress = await clients.lease(host: "news.example", address: "[2606:4700::1111]")
        #expect(otherAddress.client !== first.client)
        var leases = [first, again, otherAddress]
        for index in 0..<(PinnedClients.limit + 4) {
            leases.append(await clients.lease(host: "site\(index).example", address: "93.184.216.\(index)"))
        }
        #expect(await clients.census.kept == PinnedClients.limit + 7)
        // The first host's client stays lent while its last lease is out.
        for lease in leases.dropFirst() { await clients.release(lease) }
        let census = await clients.census
        #expect(census.kept == PinnedClients.limit)
        #expect(census.lent == 1)
        await clients.release(first)
        #expect(await clients.census.lent == 0)
        await clients.shutdown()
        #expect(await clients.census.kept == 0)
        // After the shutdown a lease still works and closes its own client when given back.
        let late = await clients.lease(host: "late.example", address: "93.184.216.1")
        await clients.release(late)
        #expect(await clients.census.kept == 0)
    }
}
