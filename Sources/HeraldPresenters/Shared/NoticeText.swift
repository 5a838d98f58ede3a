import HeraldInteractors

/// The wording of a module's ``Notice``.
public enum NoticeText {
    /// The sentence the Container shows.
    public static func message(for notice: Notice) -> String {
        switch notice {
        case let .subscribed(title, created):
            created ? "Subscribed to \(DisplayText.line(title))" : "Already subscribed to \(DisplayText.line(title))"
        case .removed(let title):
            "Removed \(DisplayText.line(title))"
        case let .imported(added, alreadySubscribed, commandsRefused):
            "Imported " + CountText.count(added, "feed")
                + (alreadySubscribed > 0 ? " (\(CountText.grouped(alreadySubscribed)) already subscribed)" : "")
                + (commandsRefused > 0
                    ? "; " + CountText.count(commandsRefused, "command or file source") + " left out (only `herald import` on this machine adds them)"
                    : "")
        case .exported(let feeds):
            "Exported " + CountText.count(feeds, "feed") + " as OPML"
        case let .articlesChanged(count, change):
            switch change {
            case .read: "Marked " + CountText.count(count, "article") + " read"
            case .unread: "Marked " + CountText.count(count, "article") + " unread"
            case .starred: "Starred " + CountText.count(count, "article")
            case .unstarred: "Unstarred " + CountText.count(count, "article")
            case .hidden: "Hid " + CountText.count(count, "article") + " (`herald list --hidden` shows them)"
            case .shown: "Showed " + CountText.count(count, "article") + " again"
            }
        case .markedRead(let count):
            count == 0 ? "Nothing to mark read" : "Marked " + CountText.count(count, "article") + " read"
        case .noUnreadLeft:
            "No unread articles left"
        case .searchSaved(let name):
            "Saved the search \u{201C}\(DisplayText.line(name))\u{201D}"
        case .endOfList(let older):
            older ? "This is the oldest article of the list" : "This is the newest article of the list"
        case .retentionApplied(let removed):
            CountText.count(removed, "old article") + " removed by the retention policy"
        case .noSuchLink(let number):
            "There is no link [\(number)] in this article"
        case .fetchingFullText:
            "Fetching the full article from its page…"
        case let .fullTextSet(title, isOn):
            isOn ? "Full text on for \(DisplayText.line(title)): refreshes keep its new articles' pages"
                 : "Full text off for \(DisplayText.line(title))"
        case .readFeedsShown(let isShown):
            isShown ? "Showing every feed" : "Showing only feeds with unread articles"
        case .tagShown(let tag):
            tag.map { "Showing the feeds tagged \(DisplayText.line($0)) (Ctrl-T shows them all)" } ?? "Showing the feeds of every tag"
        case let .noSuchTag(name, known):
            known.isEmpty ? "No feed has a tag yet"
                : "No tag is named \(DisplayText.line(name)); the tags are "
                    + known.prefix(12).map(DisplayText.line).joined(separator: ", ") + (known.count > 12 ? "…" : "")
        case let .downloadsQueued(count, folder):
            "Queued " + CountText.count(count, "enclosure") + " for `herald download` (into \(DisplayText.line(folder)))"
        }
    }
}
