@testable import HeraldPresenters
import Testing

/// An article's date line: the relative date and the absolute one, the same date never twice.
@Suite("An article's date line")
struct ArticleDateLineTests {
    @Test("a recent date is said both ways; one older than a week, whose relative form is its absolute date, once")
    func dateLine() {
        #expect(ArticleDetailPresenter.dateLine(relative: "2 h ago", absolute: "22 Nov 2026, 10:00") == "2 h ago · 22 Nov 2026, 10:00")
        #expect(ArticleDetailPresenter.dateLine(relative: "16 Nov 2026", absolute: "16 Nov 2026, 10:00") == "16 Nov 2026, 10:00")
    }
}
