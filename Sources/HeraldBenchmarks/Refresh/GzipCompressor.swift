import CZlib

/// gzip at level 6 through the system's zlib, as `gzip -6` and Python's `gzip` module write it:
/// the neutral documents are compressed as `scripts/neutral-feed-server` compresses them.
enum GzipCompressor {
    /// `bytes` in a gzip wrapper (RFC 1952); empty when zlib fails, which it does not for memory it has.
    static func gzip(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        guard herald_deflate_init_gzip(&stream, 6) == Z_OK else { return [] }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 32)
        let status: Int32 = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return [] }
        return Array(output.prefix(Int(stream.total_out)))
    }
}
