import HeraldDomain

/// Tags a person created before any feed has them: a sync client's new, empty category (a tag
/// otherwise exists while a feed has it).
public protocol TagStoring: Sendable {
    /// The tags created on their own, in name order (some feeds may have them by now).
    func keptTags() async throws(StoreError) -> [String]
    /// Keeps a tag with or without feeds; keeping one already kept changes nothing.
    func keepTag(_ name: String) async throws(StoreError)
    /// Renames a kept tag (merged into `newName` if that one is kept too); `nil` forgets it.
    /// A tag that was not kept is left alone.
    func renameKeptTag(_ name: String, to newName: String?) async throws(StoreError)
}
