import HeraldDomain

/// A stable 64-bit FNV-1a hash of an article's content, to tell an unchanged item from an
/// updated one without comparing every column. (Swift's `Hasher` is seeded per process.)
package struct ContentHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// An empty hash.
    package init() {}

    package mutating func add(_ text: String?) {
        if let text {
            // Native strings are contiguous UTF-8: one tight loop over the bytes, instead of the
            // UTF-8 view's iterator (a third of the preparation of a refresh's items).
            let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
                var value = self.value
                for byte in bytes { value = (value ^ UInt64(byte)) &* Self.prime }
                self.value = value
            }
            if done == nil {
                for byte in text.utf8 { mix(byte) }
            }
        }
        mix(0x1F)
    }

    package mutating func add(_ number: Double?) {
        add(number.map { String($0.bitPattern) })
    }

    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    private mutating func mix(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* Self.prime
    }

    /// The hash as SQLite stores integers.
    package var storedValue: Int64 { Int64(bitPattern: value) }
}

