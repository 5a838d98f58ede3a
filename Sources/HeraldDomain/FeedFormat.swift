/// The syndication format a document was detected as (from its content, never its URL).
public enum FeedFormat: String, Sendable, Codable, CaseIterable {
    /// RSS 0.9x and 2.0 (`<rss>`).
    case rss
    /// RSS 0.90 and 1.0 in RDF (`<rdf:RDF>`).
    case rdf
    /// Atom 0.3 and 1.0 (`<feed>`).
    case atom
    /// JSON Feed 1.0 and 1.1.
    case json
}
