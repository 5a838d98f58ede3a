import Foundation
import HeraldDomain
import HeraldFetching
import HeraldTestSupport
import Testing

@Suite("Conditional GET")
struct ConditionalGetTests {
    let xml = SampleFeeds.wordPressRSS(items: 5)
    let lastModified = "Tue, 17 Nov 2026 08:12:44 GMT"

    @Test("a 200 returns the body, its type, charset and the validators to store")
    func contentWithValidators() async throws {
        try await withServer { server, fetcher in
            server.route("/feed/", .feed(xml, etag: "\"5f3a-v1\"", lastModified: lastModified,
                                         extraHeaders: [("Cache-Control", "public, max-age=1800")]))
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/feed/")))
            guard case let .content(data, contentType, charset) = response.outcome else {
                Issue.record("expected content, got \(response.outcome)")
                return
            }
            #expect(String(decoding: data, as: UTF8.self) == xml)
            #expect(contentType == "application/rss+xml")
            #expect(charset == "utf-8")
            #expect(response.etag == "\"5f3a-v1\"")
            #expect(response.lastModified == lastModified)
            #expect(response.maxAge == 1800)
            #expect(response.finalURL == server.url("/feed/"))
            #expect(response.redirects.isEmpty)
        }
    }

    @Test("the stored ETag is sent and a 304 comes back as not modified")
    func etagGivesNotModified() async throws {
        try await withServer { server, fetcher in
            server.route("/feed/", .feed(xml, etag: "\"5f3a-v1\""))
            let first = try await fetcher.fetch(FetchRequest(url: server.url("/feed/")))
            #expect(server.lastRequest(for: "/feed/")?.header("If-None-Match") == nil)
            let second = try await fetcher.fetch(FetchRequest(url: server.url("/feed/"), etag: first.etag))
            #expect(server.lastRequest(for: "/feed/")?.header("If-None-Match") == "\"5f3a-v1\"")
            #expect(second.outcome == .notModified)
            #expect(second.etag == "\"5f3a-v1\"")
            #expect(server.requestCount(for: "/feed/") == 2)
        }
    }

    @Test("a 304 to a request that sent no validator is an error, not a silent \"nothing new\"")
    func notModifiedWithoutValidatorsIsAnError() async throws {
        try await withServer { server, fetcher in
            server.route("/broken.xml", .error(304))
            do {
                let response = try await fetcher.fetch(FetchRequest(url: server.url("/broken.xml")))
                Issue.record("expected an error, got \(response.outcome)")
            } catch {
                #expect((error as? FetchError) == .httpStatus(304), "\(error)")
            }
        }
    }

    @Test("Last-Modified alone is sent as If-Modified-Since and honoured")
    func lastModifiedGivesNotModified() async throws {
        try await withServer { server, fetcher in
            server.route("/atom.xml", .feed(xml, contentType: "application/atom+xml", lastModified: lastModified))
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/atom.xml"), lastModified: lastModified))
            #expect(server.lastRequest(for: "/atom.xml")?.header("If-Modified-Since") == lastModified)
            #expect(response.outcome == .notModified)
            #expect(response.lastModified == lastModified)
        }
    }

    @Test("a changed ETag returns the new body and the new validator")
    func changedETagGivesContent() async throws {
        try await withServer { server, fetcher in
            server.route("/feed/", .feed(xml, etag: "\"v2\""))
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/feed/"), etag: "\"v1\""))
            #expect(response.body?.count == xml.utf8.count)
            #expect(response.etag == "\"v2\"")
        }
    }

    @Test("the request names Herald, asks for feed types and for compression")
    func requestHeaders() async throws {
        try await withServer { server, fetcher in
            server.route("/feed/", .feed(xml))
            _ = try await fetcher.fetch(FetchRequest(url: server.url("/feed/")))
            let request = try #require(server.lastRequest(for: "/feed/"))
            #expect(request.method == "GET")
            #expect(request.header("User-Agent") == FetcherConfiguration.default.userAgent)
            #expect(request.header("User-Agent")?.hasPrefix("Herald/") == true)
            #expect(request.header("Accept")?.hasPrefix("application/atom+xml, application/rss+xml") == true)
            #expect(request.header("Accept-Encoding")?.contains("gzip") == true)
        }
    }

    @Test("Expires is returned as a date; a charset in quotes is unquoted")
    func expiresAndQuotedCharset() async throws {
        try await withServer { server, fetcher in
            server.route("/feed.xml", .feed(xml, contentType: "text/xml; Charset=\"ISO-8859-1\"",
                                            extraHeaders: [("Expires", "Wed, 18 Nov 2026 09:00:00 GMT")]))
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/feed.xml")))
            #expect(response.expires == Date(timeIntervalSince1970: 1_794_992_400))
            guard case let .content(_, contentType, charset) = response.outcome else {
                Issue.record("expected content")
                return
            }
            #expect(contentType == "text/xml")
            #expect(charset == "iso-8859-1")
        }
    }
}
