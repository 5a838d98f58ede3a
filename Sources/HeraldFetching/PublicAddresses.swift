import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whether a host is on the public internet: every address it resolves to (or the literal address
/// it is) must be outside loopback, private (RFC 1918, unique local), link-local, carrier-grade
/// NAT, multicast, reserved and unspecified ranges. Used for the pages a feed links to, which must
/// not make Herald read the machine's or its network's own services (cloud metadata at
/// 169.254.169.254, an admin page on 127.0.0.1). ``AddressScreen`` resolves a name once and
/// connects plain `http` requests to the address it checked, against DNS rebinding.
enum PublicAddresses {
    /// The addresses of `host` (IPv4 as 4 bytes, IPv6 as 16), resolved on a thread of its own.
    static func resolve(_ host: String) async -> [[UInt8]] {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var hints = addrinfo()
                hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
                var list: UnsafeMutablePointer<addrinfo>?
                guard getaddrinfo(host, nil, &hints, &list) == 0 else {
                    continuation.resume(returning: [])
                    return
                }
                defer { freeaddrinfo(list) }
                var found: [[UInt8]] = []
                var entry = list
                while let current = entry {
                    if let address = current.pointee.ai_addr {
                        switch Int32(address.pointee.sa_family) {
                        case AF_INET:
                            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                                var raw = v4.pointee.sin_addr.s_addr
                                found.append(withUnsafeBytes(of: &raw) { Array($0) })
                            }
                        case AF_INET6:
                            address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                                var raw = v6.pointee.sin6_addr
                                found.append(withUnsafeBytes(of: &raw) { Array($0) })
                            }
                        default:
                            break
                        }
                    }
                    entry = current.pointee.ai_next
                }
                continuation.resume(returning: found)
            }
        }
    }

    /// Whether an address (4 or 16 bytes, network order) is not public.
    static func isPrivate(_ bytes: [UInt8]) -> Bool {
        if bytes.count == 4 { return isPrivateIPv4(bytes) }
        guard bytes.count == 16 else { return true }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return isPrivateIPv4(Array(bytes[12..<16]))          // ::ffff:a.b.c.d
        }
        if bytes.allSatisfy({ $0 == 0 }) { return true }          // ::
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }   // ::1
        if bytes[0] & 0xFE == 0xFC { return true }                // fc00::/7 unique local
        if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 { return true }   // fe80::/10 link-local
        if bytes[0] == 0xFF { return true }                       // multicast
        if bytes[0] == 0x20 && bytes[1] == 0x01 && bytes[2] == 0x0D && bytes[3] == 0xB8 { return true }  // documentation
        if bytes[0] == 0x00 && bytes[1] == 0x64 && bytes[2] == 0xFF && bytes[3] == 0x9B {
            return isPrivateIPv4(Array(bytes[12..<16]))          // 64:ff9b::/96 NAT64
        }
        return false
    }

    private static func isPrivateIPv4(_ b: [UInt8]) -> Bool {
        switch (b[0], b[1]) {
        case (0, _), (10, _), (127, _): return true
        case (100, let second) where second & 0xC0 == 64: return true   // 100.64.0.0/10
        case (169, 254): return true
        case (172, let second) where second & 0xF0 == 16: return true   // 172.16.0.0/12
        case (192, 168): return true
        case (192, 0) where b[2] == 0 || b[2] == 2: return true          // 192.0.0.0/24, 192.0.2.0/24
        case (198, let second) where second == 18 || second == 19: return true   // 198.18.0.0/15
        case (198, 51) where b[2] == 100, (203, 0) where b[2] == 113: return true // documentation
        default: return b[0] >= 224                                     // multicast, reserved, broadcast
        }
    }
}

