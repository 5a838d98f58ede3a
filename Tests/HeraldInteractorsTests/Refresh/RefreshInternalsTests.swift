import Foundation
import HeraldDomain
@testable import HeraldInteractors
import Testing

@Suite("Refresh internals: body hash, host keys, slot limiter")
struct RefreshInternalsTests {
    @Test func bodyHashIsFNV1a64() {
        #expect(BodyHash.hex(of: Data()) == "cbf29ce484222325")
        #expect(BodyHash.hex(of: Data("a".utf8)) == "af63dc4c8601ec8c")
        #expect(BodyHash.hex(of: Data("foobar".utf8)) == "85944171f73967e8")
        #expect(BodyHash.hex(of: Data("<rss/>".utf8)) != BodyHash.hex(of: Data("<rss />".utf8)))
    }

    @Test(arguments: [
        ("https://Blog.Example.com/feed", "blog.example.com"),
        ("http://user:secret@example.org:8080/rss?x=1", "example.org:8080"),
        ("https://example.org", "example.org"),
        ("https://example.org:443/feed", "example.org"),
        ("http://example.org:80/feed", "example.org"),
        ("http://127.0.0.1:41234/feeds/1.xml", "127.0.0.1:41234"),
        ("http://[::1]:8080/feed", "[::1]:8080"),
        ("http://[::1]/feed", "[::1]"),
        ("file:///home/me/feeds/a.xml", "localhost-file"),
        ("FILE:///tmp/b.xml", "localhost-file"),
    ])
    func hostKeys(url: String, key: String) {
        #expect(HostKey.of(url) == key)
    }

    @Test func aCancelledWaiterGivesUpAndTheSlotGoesToTheNext() async {
        let limiter = SlotLimiter(limit: 1)
        #expect(await limiter.acquire("h"))
        let cancelled = Task { await limiter.acquire("h") }
        let patient = Task { await limiter.acquire("h") }
        try? await Task.sleep(for: .milliseconds(50))
        cancelled.cancel()
        #expect(await cancelled.value == false)
        await limiter.release("h")
        #expect(await patient.value == true)
        #expect(await limiter.acquire("other"))
    }
}
