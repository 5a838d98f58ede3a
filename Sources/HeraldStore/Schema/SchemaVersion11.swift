/// A podcast episode's data (``HeraldDomain/EpisodeDetails``: duration, numbers, chapters,
/// transcripts, funding, people) as JSON beside the enclosures; NULL for other articles.
enum SchemaVersion11 {
    static let sql = """
        ALTER TABLE articles ADD COLUMN episode_json TEXT;
        PRAGMA user_version = 11;
        """
}
