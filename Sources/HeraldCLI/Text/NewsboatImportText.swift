import Herald

/// The report of `herald import --from newsboat` as lines of text.
enum NewsboatImportText {
    static func lines(_ report: NewsboatImportReport) -> [String] {
        var lines: [String] = []
        if let source = report.remoteURLsSource {
            lines += [
                "newsboat syncs from \(source) (urls-source \"\(source)\"): its urls file is not your subscription list,",
                "and its cache names feeds by \(source)'s numbers. Export your subscriptions from \(source) as OPML and",
                "import that file (herald import FILE), or point Herald's own sync API at your apps (Docs/sync.md).",
            ]
        }
        lines += [
            "Subscriptions: \(report.feedsAdded) added, \(report.feedsAlreadySubscribed) already there.",
            "Articles from newsboat's cache: \(report.articles) (\(report.markedRead) marked read, \(report.starred) starred"
                + (report.hidden > 0 ? ", \(report.hidden) deleted in newsboat kept hidden" : "") + ").",
        ]
        if !report.savedSearches.isEmpty {
            lines.append("Query feeds saved as searches:")
            lines += report.savedSearches.map { "  " + $0 }
        }
        if !report.queriesNotTaken.isEmpty {
            lines.append("Query feeds not taken:")
            lines += report.queriesNotTaken.map { "  " + $0 }
        }
        if !report.scriptSourcesAdded.isEmpty {
            lines.append("Script sources added (their commands run at each refresh, without a shell):")
            lines += report.scriptSourcesAdded.map { "  " + $0 }
        }
        if !report.scriptSourcesNotTaken.isEmpty {
            lines.append("Script sources not taken (commands run only from this machine's own SQLite database):")
            lines += report.scriptSourcesNotTaken.map { "  " + $0 }
        }
        if !report.configLinesNotTaken.isEmpty {
            lines.append("Lines of newsboat's config not taken:")
            lines += report.configLinesNotTaken.map { "  " + $0 }
        }
        // With a service as the source, the cache's feeds are that service's numbers, not URLs.
        if !report.cachedFeedsNotSubscribed.isEmpty, report.remoteURLsSource == nil {
            lines.append("Feeds in the cache but no longer in urls, left out:")
            lines += report.cachedFeedsNotSubscribed.map { "  " + $0 }
        }
        return lines
    }
}
