import Herald

/// Herald's tags as the numbered categories (Miniflux), groups (Fever) and labels the protocols
/// have: a tag's number is a hash of its name, so it stays the same across requests, restarts and
/// other tags coming and going. Number 1 is the category of feeds with no tag.
enum CategoryIDs {
    /// The category of untagged feeds.
    static let untagged: Int64 = 1
    /// Its title.
    static let untaggedTitle = "All"

    /// The number of a tag: FNV-1a of its UTF-8, kept to 31 bits (clients
    /// that read ids as 32-bit integers or JavaScript numbers read it exactly), never 0 or 1.
    static func id(of tag: String) -> Int64 {
        let id = Int64(fnv1a(tag) & 0x7fff_ffff)
        return id < 2 ? id + 2 : id
    }

    /// The tag among `tags` whose number is `id`, if any.
    static func tag(withID id: Int64, among tags: [String]) -> String? {
        tags.first { self.id(of: $0) == id }
    }

    /// FNV-1a, 64 bits, of a string's UTF-8: a stable, fast, non-cryptographic hash.
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}
