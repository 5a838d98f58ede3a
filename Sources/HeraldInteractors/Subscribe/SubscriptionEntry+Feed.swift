import HeraldDomain

extension SubscriptionEntry {
    /// The entry exported for a stored feed: the user's title else the feed's, its tags, site and visibility.
    init(exporting feed: Feed) {
        self.init(feedURL: feed.url, title: feed.customTitle ?? feed.title, siteURL: feed.siteURL,
                  tags: feed.tags, isHidden: feed.isHidden)
    }
}

extension NewFeed {
    /// The subscription an imported entry asks for: its title (as the user's title), tags and visibility.
    init(importing entry: SubscriptionEntry) {
        let title = entry.title?.trimmedForSubscription
        self.init(url: entry.feedURL.trimmedForSubscription, customTitle: title?.isEmpty == false ? title : nil,
                  tags: entry.tags, isHidden: entry.isHidden)
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    var trimmedForSubscription: String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
