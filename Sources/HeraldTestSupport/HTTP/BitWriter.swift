/// Packs bit fields least-significant bit first, as DEFLATE (RFC 1951 §3.1.1) requires.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    /// Appends the low `width` bits of `value`, least significant first (header fields, extra bits).
    mutating func write(_ value: Int, width: Int) {
        buffer |= UInt64(value) << UInt64(count)
        count += width
        while count >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
        }
    }

    /// Appends a Huffman code, which DEFLATE stores most significant bit first.
    mutating func writeCode(_ code: Int, width: Int) {
        var reversed = 0
        for bit in 0..<width where code & (1 << bit) != 0 {
            reversed |= 1 << (width - 1 - bit)
        }
        write(reversed, width: width)
    }

    /// Pads the last partial byte with zero bits.
    mutating func flush() {
        if count > 0 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer = 0
            count = 0
        }
    }
}
