import HeraldDomain
import HeraldInteractors

/// The words of the database's maintenance (`herald doctor`, `herald migrate`), for every front
/// end that shows them.
public enum MaintenanceText {
    /// "The database is sound: 12 feeds, 3,400 articles."
    public static func sound(_ check: DatabaseCheck) -> String {
        let feeds = check.feeds.map { CountText.count($0, "feed") } ?? "?"
        let articles = check.articles.map { CountText.count($0, "article") } ?? "?"
        return "The database is sound: \(feeds), \(articles)."
    }

    /// The first problems of a damaged database, one line each, safe to print.
    public static func problems(_ check: DatabaseCheck, limit: Int = 10) -> [String] {
        check.problems.prefix(limit).map { DisplayText.line($0) }
    }

    /// What a repair rebuilt, recovered and could not read, and where the damaged file is kept.
    public static func repair(_ result: DatabaseRepair) -> [String] {
        var lines = ["Rebuilt from what could be read: \(CountText.count(result.feeds, "feed")), "
            + "\(CountText.count(result.articles, "article")) with their read and starred state, "
            + "\(CountText.count(result.savedSearches, "saved search", plural: "saved searches"))."]
        if result.salvagedRows > 0 {
            lines.append("\(CountText.count(result.salvagedRows, "row")) below damaged pages were recovered "
                + "by reading the file's pages directly.")
        }
        if let reason = result.pageSalvageSkipped {
            lines.append("Rows below damaged pages were not looked for: \(reason).")
        }
        if result.unreadableRows > 0 {
            lines.append("\(CountText.count(result.unreadableRows, "row")) in damaged pages could not be read; "
                + "a refresh fetches what the feeds still carry.")
        }
        lines.append("The damaged file is kept as " + DisplayText.line(result.damagedCopy))
        return lines
    }

    /// "1200/5000 articles" while articles are copied; `nil` at the other stages.
    public static func progress(_ progress: StoreMigrationProgress) -> String? {
        guard progress.stage == .articles, progress.articlesTotal > 0 else { return nil }
        return "\(progress.articlesCopied)/\(progress.articlesTotal) articles"
    }

    /// What a migration copied, and what both databases hold afterwards.
    public static func report(_ report: StoreMigrationReport) -> [String] {
        let counts = report.counts
        return [
            "Copied \(report.feeds) feeds, \(report.articlesAdded) new articles "
                + "(\(report.articlesAlreadyPresent) were already there) and \(report.savedSearches) saved searches.",
            "Both databases hold \(counts.feeds) feeds, \(counts.articles) articles, \(counts.read) read, "
                + "\(counts.starred) starred, \(counts.taggedArticles) tagged and \(counts.savedSearches) saved searches.",
        ]
    }
}
