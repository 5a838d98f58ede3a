import HeraldDomain

/// A podcast episode's data as display lines, safe for a terminal.
enum EpisodeLines {
    /// "Season 2 · episode 5 · bonus · 1 h 02 min · explicit", then the people, artwork,
    /// chapters, transcripts and funding, one line each.
    static func lines(_ details: EpisodeDetails) -> [String] {
        var summary: [String] = []
        if let season = details.season { summary.append("Season \(season)") }
        if let episode = details.episode { summary.append(summary.isEmpty ? "Episode \(episode)" : "episode \(episode)") }
        if let type = details.episodeType, type != "full" { summary.append(DisplayText.line(type)) }
        if let duration = details.duration, duration > 0 { summary.append(durationText(duration)) }
        if details.isExplicit == true { summary.append("explicit") }
        var lines = summary.isEmpty ? [] : [summary.joined(separator: " · ")]
        if !details.persons.isEmpty {
            lines.append("With " + details.persons.map { person in
                DisplayText.line(person.name) + (person.role.map { " (" + DisplayText.line($0) + ")" } ?? "")
            }.joined(separator: ", "))
        }
        if let image = details.image { lines.append("Artwork: " + DisplayText.line(image)) }
        for chapters in details.chapters { lines.append("Chapters: " + DisplayText.line(chapters.url)) }
        for transcript in details.transcripts {
            let about = [transcript.type, transcript.language].compactMap { $0.map(DisplayText.line) }
            lines.append("Transcript" + (about.isEmpty ? "" : " (" + about.joined(separator: ", ") + ")") + ": "
                         + DisplayText.line(transcript.url))
        }
        for funding in details.funding {
            lines.append("Support: " + (funding.title.map { DisplayText.line($0) + " — " } ?? "") + DisplayText.line(funding.url))
        }
        return lines
    }

    /// "42 min", "1 h 02 min", "45 s".
    static func durationText(_ seconds: Int) -> String {
        if seconds < 60 { return "\(seconds) s" }
        let minutes = (seconds + 30) / 60
        if minutes < 60 { return "\(minutes) min" }
        let rest = minutes % 60
        return "\(minutes / 60) h " + (rest < 10 ? "0" : "") + "\(rest) min"
    }
}
