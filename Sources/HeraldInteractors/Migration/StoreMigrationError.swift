import HeraldDomain

/// Why a ``StoreMigration`` failed; every case says what the user can do.
public enum StoreMigrationError: Error, Sendable, Hashable {
    /// One count that differs between the stores after a copy.
    public struct CountMismatch: Sendable, Hashable {
        /// What was counted.
        public var kind: ArchiveCounts.Kind
        /// The source's count.
        public var source: Int
        /// The destination's count.
        public var destination: Int

        /// Creates a mismatch.
        public init(kind: ArchiveCounts.Kind, source: Int, destination: Int) {
            self.kind = kind
            self.source = source
            self.destination = destination
        }
    }

    /// Reading the source store failed; nothing more was written.
    case source(StoreError)
    /// Writing the destination store failed; what was written before is kept.
    case destination(StoreError)
    /// The destination holds feeds the source does not have: it is not empty, nor the result of an
    /// earlier run of this migration. Nothing was written.
    case destinationHoldsOtherFeeds(urls: [String])
    /// After the copy, these counts differ between the stores.
    case countsDiffer([CountMismatch])

    /// What went wrong and what the user can do.
    public var message: String {
        switch self {
        case .source(let error):
            "Reading the store to migrate from failed: \(error.message)"
        case .destination(let error):
            "Writing the store to migrate to failed: \(error.message) What was copied is kept; run the migration again to complete it."
        case .destinationHoldsOtherFeeds(let urls):
            "The store to migrate to already has \(urls.count == 1 ? "a feed" : "\(urls.count) feeds") the other store does not (\(urls.prefix(3).joined(separator: ", "))\(urls.count > 3 ? ", …" : "")); migrate into an empty store. Nothing was copied."
        case .countsDiffer(let mismatches):
            "The copy does not match: " + mismatches.map { "\($0.source) \($0.kind) in the store migrated from, \($0.destination) in the store migrated to" }
                .joined(separator: "; ") + ". Run the migration again to complete an interrupted copy; what the store migrated to already had (read or starred since an earlier run) is kept, not overwritten."
        }
    }
}
