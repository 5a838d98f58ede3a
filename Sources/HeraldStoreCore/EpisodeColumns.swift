import HeraldDomain

/// How both stores keep a podcast episode's data: JSON in `episode_json`, and the people's names
/// in the searched body, so a search for a guest finds their episodes.
package enum EpisodeColumns {
    /// The details as JSON, `nil` when absent or empty.
    package static func json(_ details: EpisodeDetails?) -> String? {
        guard let details, !details.isEmpty else { return nil }
        return ColumnCodec.json(details)
    }

    /// The plain body with the episode's people appended.
    package static func searchable(_ body: String, _ details: EpisodeDetails?) -> String {
        guard let persons = details?.persons, !persons.isEmpty else { return body }
        let names = persons.map(\.name).joined(separator: ", ")
        return body.isEmpty ? names : body + "\n\n" + names
    }
}
