#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A fast non-cryptographic fingerprint of a response body, so that an unchanged body is never
/// parsed again even when the server ignores conditional requests: `xxh64:` and XXH64 (seed 0) in
/// 16 hexadecimal digits; XXH64 reads eight bytes at a time in four independent lanes.
///
/// Until 2026-11-27 the fingerprint was FNV-1a, a byte at a time and five times slower, stored as
/// its 16 digits alone. ``isUnchanged(_:stored:fingerprint:)`` still recognises such a value once,
/// so that upgrading parses no unchanged feed again (which would bring back the articles that
/// retention deleted while the feed still carries them).
struct BodyHash {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    /// The fingerprint of `data`: `xxh64:` and 16 lowercase hexadecimal digits.
    static func fingerprint(of data: Data) -> String {
        "xxh64:" + digits(data.withUnsafeBytes { xxh64($0) })
    }

    /// Whether `data` is the body a feed's stored fingerprint was taken of: the same fingerprint,
    /// or (once, after an upgrade) the same FNV-1a digits an earlier version stored.
    /// - Parameter fingerprint: ``fingerprint(of:)`` of `data`, already computed.
    static func isUnchanged(_ data: Data, stored: String?, fingerprint: String) -> Bool {
        guard let stored else { return false }
        if stored == fingerprint { return true }
        guard stored.utf8.count == 16, !stored.contains(":") else { return false }
        return stored == digits(data.withUnsafeBytes { fnv1a($0) })
    }

    private static func digits(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The fingerprint of versions before 2026-11-27: 64-bit FNV-1a.
    static func fnv1a(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }

    /// XXH64 with seed 0, as the reference implementation computes it.
    static func xxh64(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let count = bytes.count
        var offset = 0
        func word(_ at: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
        var hash: UInt64
        if count >= 32 {
            var lanes = (prime1 &+ prime2, prime2, UInt64(0), 0 &- prime1)
            while offset + 32 <= count {
                lanes.0 = round(lanes.0, word(offset))
                lanes.1 = round(lanes.1, word(offset + 8))
                lanes.2 = round(lanes.2, word(offset + 16))
                lanes.3 = round(lanes.3, word(offset + 24))
                offset += 32
            }
            hash = rotate(lanes.0, 1) &+ rotate(lanes.1, 7) &+ rotate(lanes.2, 12) &+ rotate(lanes.3, 18)
            hash = merge(hash, lanes.0)
            hash = merge(hash, lanes.1)
            hash = merge(hash, lanes.2)
            hash = merge(hash, lanes.3)
        } else {
            hash = prime5
        }
        hash &+= UInt64(count)
        while offset + 8 <= count {
            hash = rotate(hash ^ round(0, word(offset)), 27) &* prime1 &+ prime4
            offset += 8
        }
        if offset + 4 <= count {
            let half = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            hash = rotate(hash ^ (half &* prime1), 23) &* prime2 &+ prime3
            offset += 4
        }
        while offset < count {
            hash = rotate(hash ^ (UInt64(bytes[offset]) &* prime5), 11) &* prime1
            offset += 1
        }
        hash ^= hash >> 33
        hash &*= prime2
        hash ^= hash >> 29
        hash &*= prime3
        hash ^= hash >> 32
        return hash
    }

    @inline(__always)
    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        rotate(accumulator &+ input &* prime2, 31) &* prime1
    }

    @inline(__always)
    private static func merge(_ hash: UInt64, _ lane: UInt64) -> UInt64 {
        (hash ^ round(0, lane)) &* prime1 &+ prime4
    }

    @inline(__always)
    private static func rotate(_ value: UInt64, _ bits: UInt64) -> UInt64 {
        (value << bits) | (value >> (64 - bits))
    }
}
