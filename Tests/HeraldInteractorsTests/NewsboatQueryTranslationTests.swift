import HeraldDomain
import Testing
@testable import HeraldInteractors

@Suite("newsboat filter expressions as Herald searches")
struct NewsboatQueryTranslationTests {
    private func search(_ expression: String) -> NewsboatQueryTranslation.Search? {
        try? NewsboatQueryTranslation.translate(expression, starFlag: "s").get()
    }

    private func refusal(_ expression: String) -> String? {
        if case .failure(let refusal) = NewsboatQueryTranslation.translate(expression, starFlag: "s") { return refusal.reason }
        return nil
    }

    @Test func titleAndContentBecomeWords() {
        #expect(search(#"title =~ "harbour""#)?.query == "title:harbour")
        #expect(search(#"title =~ "tram line""#)?.query == #"title:"tram line""#)
        #expect(search(#"content =~ "garlic" and title !~ "recipe""#)?.query == "garlic NOT title:recipe")
        #expect(search(#"title =~ "swift" or title =~ "rust""#)?.query == "title:swift OR title:rust")
    }

    @Test func stateAndTagsBecomeTheFilter() {
        let translated = search(#"title =~ "harbour" and unread = "yes" and flags # "s" and tags # "local""#)
        #expect(translated?.query == "title:harbour")
        #expect(translated?.filter == ArticleFilter(scope: .tag("local"), unreadOnly: true, starredOnly: true))
    }

    @Test func whatHasNoEquivalentIsRefusedWithTheReason() {
        #expect(refusal(#"age > 30"#) == "age > has no Herald equivalent")
        #expect(refusal(#"title =~ "^Harbour.*""#)?.contains("regular expression") == true)
        #expect(refusal(#"(title =~ "a")"#) == "parentheses are not translated")
        #expect(refusal(#"unread = "yes""#)?.contains("no words to search") == true)
        #expect(refusal(#"title =~ "a" or unread = "yes""#) == "or across unread, flags or tags")
        #expect(refusal(#"title =~ "a" and"#) == "the expression ends with and")
        #expect(refusal(#"title =~ "unclosed"#) == "a quote is not closed")
    }
}
