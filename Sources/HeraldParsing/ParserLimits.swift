/// The safety limits of ``LibXMLFeedParser``: a document that exceeds one is refused
/// (``HeraldDomain/FeedParseError/tooLarge(limit:)`` or ``HeraldDomain/FeedParseError/unsafeDocument(reason:)``).
public struct ParserLimits: Sendable, Hashable {
    /// The largest document accepted, in bytes.
    public var maxDocumentBytes: Int
    /// The deepest element nesting accepted.
    public var maxNestingDepth: Int
    /// The most entity declarations a document's internal DTD subset may make.
    public var maxEntityDeclarations: Int
    /// The most bytes all entity references of a document may expand to, in total.
    public var maxEntityExpansionBytes: Int
    /// The deepest chain of entities referring to entities.
    public var maxEntityNesting: Int
    /// The largest document a gzip body served without `Content-Encoding` may inflate to, in bytes
    /// (the fetcher's `maxBodyBytes` for bodies it inflates itself).
    public var maxInflatedBytes: Int
    /// The largest inflated-to-compressed size ratio of such a body (the fetcher's
    /// `decompressionRatioLimit`): a decompression-bomb guard.
    public var maxDecompressionRatio: Int

    /// Creates limits.
    public init(maxDocumentBytes: Int = 64 << 20, maxNestingDepth: Int = 200, maxEntityDeclarations: Int = 256,
                maxEntityExpansionBytes: Int = 1 << 20, maxEntityNesting: Int = 4,
                maxInflatedBytes: Int = 32 << 20, maxDecompressionRatio: Int = 40) {
        self.maxDocumentBytes = maxDocumentBytes
        self.maxNestingDepth = maxNestingDepth
        self.maxEntityDeclarations = maxEntityDeclarations
        self.maxEntityExpansionBytes = maxEntityExpansionBytes
        self.maxEntityNesting = maxEntityNesting
        self.maxInflatedBytes = maxInflatedBytes
        self.maxDecompressionRatio = maxDecompressionRatio
    }

    /// 64 MiB documents, 200 levels of nesting, 1 MiB of entity expansion; gzip bodies inflate to
    /// at most 32 MiB and 40 times their size (the fetcher's defaults).
    public static let `default` = ParserLimits()
}
