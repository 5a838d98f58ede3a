import HeraldDomain

/// Reads a newsboat user's folder: `urls` and `cache.db`.
public protocol NewsboatHomeReading: Sendable {
    /// Reads the folder.
    /// - Parameters:
    ///   - folder: newsboat's folder; nil looks in `~/.newsboat`, then `~/.config/newsboat` with the
    ///     cache in `~/.local/share/newsboat`.
    ///   - starFlag: The flag letter taken for starred.
    /// - Throws: ``NewsboatImportError`` when there is no `urls` or the cache cannot be read.
    func readHome(in folder: String?, starFlag: Character) throws(NewsboatImportError) -> NewsboatHome
}
