import HeraldInteractors
import Testing

@Suite("Which pages refuse private addresses")
struct PageAddressRuleTests {
    @Test("a page on the feed's own host may be private (a home server); another host may not, unless allowed")
    func rule() {
        #expect(!PageAddressRule.refusesPrivateAddresses(page: "http://192.168.1.5/post/1", feedURL: "http://192.168.1.5/feed.xml",
                                                            allowed: false))
        #expect(PageAddressRule.refusesPrivateAddresses(page: "http://169.254.169.254/latest/meta-data/",
                                                           feedURL: "https://blog.example.org/feed.xml", allowed: false))
        #expect(PageAddressRule.refusesPrivateAddresses(page: "http://localhost:8080/admin", feedURL: "http://127.0.0.1:9000/feed.xml",
                                                           allowed: false))
        #expect(!PageAddressRule.refusesPrivateAddresses(page: "http://10.0.0.2/wiki", feedURL: "https://blog.example.org/feed.xml",
                                                            allowed: true))
    }
}
