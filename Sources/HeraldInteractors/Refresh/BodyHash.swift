#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A fast non-cryptographic fingerprint of a response body (64-bit FNV-1a), so that an unchanged
/// body is never parsed again even when the server ignores conditional requests.
struct BodyHash {
    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash of `data` as 16 lowercase hexadecimal digits.
    static func hex(of data: Data) -> String {
        var hash = offsetBasis
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            for byte in bytes {
                hash ^= UInt64(byte)
                hash &*= prime
            }
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
