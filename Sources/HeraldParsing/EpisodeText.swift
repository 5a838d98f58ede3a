import HeraldDomain

/// The podcast tags' values as feeds write them.
enum EpisodeText {
    /// Seconds from `1:02:03`, `62:03`, `3723` or `3723.5`; `nil` for anything else or a negative value.
    static func duration(_ raw: String) -> Int? {
        let text = raw.trimmingASCIIWhitespace()
        guard !text.isEmpty else { return nil }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 3 else { return nil }
        var seconds = 0.0
        for part in parts {
            guard let value = Double(part), value >= 0, value.isFinite, value < 1e9 else { return nil }
            seconds = seconds * 60 + value
        }
        return Int(seconds.rounded())
    }

    /// A whole number from `5`, `5.0` or ` 12 `; `nil` otherwise.
    static func number(_ raw: String) -> Int? {
        let text = raw.trimmingASCIIWhitespace()
        if let value = Int(text), value >= 0 { return value }
        if let value = Double(text), value >= 0, value < 1e9 { return Int(value) }
        return nil
    }

    /// `yes`, `true`, `explicit` → true; `no`, `false`, `clean` → false.
    static func explicit(_ raw: String) -> Bool? {
        switch raw.trimmingASCIIWhitespace().lowercased() {
        case "yes", "true", "explicit": true
        case "no", "false", "clean": false
        default: nil
        }
    }
}

extension EpisodeText {
    /// Gives the channel's people and funding to its episodes (items with an enclosure or episode
    /// data) that name none of their own, as Podcasting 2.0 says an item's own tags win.
    static func inherit(_ channel: EpisodeDetails, into items: inout [ParsedItem]) {
        guard !channel.persons.isEmpty || !channel.funding.isEmpty else { return }
        for index in items.indices where !items[index].enclosures.isEmpty || items[index].episode != nil {
            items[index].episode(set: { episode in
                if episode.persons.isEmpty { episode.persons = channel.persons }
                if episode.funding.isEmpty { episode.funding = channel.funding }
            })
        }
    }
}

extension ParsedItem {
    /// Changes the episode's data, creating it on first use.
    mutating func episode(set change: (inout EpisodeDetails) -> Void) {
        var details = episode ?? EpisodeDetails()
        change(&details)
        episode = details
    }
}
