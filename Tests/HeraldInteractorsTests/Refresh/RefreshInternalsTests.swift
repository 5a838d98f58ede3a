import Foundation
import HeraldDomain
@testable import HeraldInteractors
import Testing

@Suite("Refresh internals: body hash, host keys, slot limiter")
struct RefreshInternalsTests {
    @Test func bodyHashIsXXH64() {
        // XXH64's own values (Python's `xxhash.xxh64(…, seed=0)`), across the lengths that take
        // each of its paths: the 32-byte lanes, 8-byte words, a 4-byte half and single bytes.
        #expect(BodyHash.fingerprint(of: Data()) == "xxh64:ef46db3751d8e999")
        #expect(BodyHash.fingerprint(of: Data("a".utf8)) == "xxh64:d24ec4f1a98c6e5b")
        #expect(BodyHash.fingerprint(of: Data("foobar".utf8)) == "xxh64:a2aa05ed9085aaf9")
        #expect(BodyHash.fingerprint(of: Data("<rss/>".utf8)) == "xxh64:cc41bf74019f7408")
        #expect(BodyHash.fingerprint(of: Data(String(repeating: "x", count: 31).utf8)) == "xxh64:60dd0d01083b99f0")
        #expect(BodyHash.fingerprint(of: Data(String(repeating: "y", count: 32).utf8)) == "xxh64:64da1f1d3495ce66")
        #expect(BodyHash.fingerprint(of: Data((String(repeating: "0123456789abcdef", count: 5) + "xyz").utf8)) == "xxh64:2cf0ab3f2d7c78c7")
        #expect(BodyHash.fingerprint(of: Data("<rss/>".utf8)) != BodyHash.fingerprint(of: Data("<rss />".utf8)))
    }

    @Test func aFingerprintStoredByAnEarlierVersionStillMatchesItsBody() {
        let body = Data("<rss><channel><title>Harbour</title></channel></rss>".utf8)
        let fingerprint = BodyHash.fingerprint(of: body)
        // FNV-1a's own values, as versions before 2026-11-27 stored them.
        #expect(BodyHash.fnv1a(UnsafeRawBufferPointer(start: nil, count: 0)) == 0xcbf2_9ce4_8422_2325)
        #expect(Data("foobar".utf8).withUnsafeBytes { BodyHash.fnv1a($0) } == 0x8594_4171_f739_67e8)
        func sixteenDigits(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        let legacy = sixteenDigits(body.withUnsafeBytes { BodyHash.fnv1a($0) })
        #expect(BodyHash.isUnchanged(body, stored: legacy, fingerprint: fingerprint))
        #expect(BodyHash.isUnchanged(body, stored: fingerprint, fingerprint: fingerprint))
        #expect(!BodyHash.isUnchanged(body, stored: nil, fingerprint: fingerprint))
        let other = Data("<rss><channel><title>Harbour!</title></channel></rss>".utf8)
        let otherLegacy = sixteenDigits(other.withUnsafeBytes { BodyHash.fnv1a($0) })
        #expect(!BodyHash.isUnchanged(body, stored: otherLegacy, fingerprint: fingerprint))
        #expect(!BodyHash.isUnchanged(body, stored: BodyHash.fingerprint(of: other), fingerprint: fingerprint))
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
