/// A stable 64-bit FNV-1a hash of an article's content, to tell an unchanged item from an
/// updated one without comparing every column. (Swift's `Hasher` is seeded per process.)
package struct ContentHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// An empty hash.
    package init() {}

    package mutating func add(_ text: String?) {
        if let text {
            for byte in text.utf8 { mix(byte) }
        }
        mix(0x1F)
    }

    package mutating func add(_ number: Double?) {
        add(number.map { String($0.bitPattern) })
    }

    private mutating func mix(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    /// The hash as SQLite stores integers.
    package var storedValue: Int64 { Int64(bitPattern: value) }
}

