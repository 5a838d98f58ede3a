/// Where and how `herald download` works (`download-path`, `download-parallel`, `download-max-size`).
public struct DownloadPolicy: Sendable, Hashable {
    /// The folder that holds a folder per feed.
    public var folder: String
    /// Downloads at once across hosts (the downloader keeps its own per-host limit).
    public var parallel: Int
    /// The largest file accepted, in bytes.
    public var maxBytes: Int64
    /// Whether enclosures on another host than their feed's may be on non-public addresses
    /// (`full-text-private-addresses = allow`, which covers every link a feed gives).
    public var allowsPrivateAddresses: Bool

    /// Creates a policy.
    public init(folder: String, parallel: Int = 2, maxBytes: Int64 = 4 * 1_073_741_824, allowsPrivateAddresses: Bool = false) {
        self.allowsPrivateAddresses = allowsPrivateAddresses
        self.folder = folder
        self.parallel = max(1, parallel)
        self.maxBytes = maxBytes
    }
}
