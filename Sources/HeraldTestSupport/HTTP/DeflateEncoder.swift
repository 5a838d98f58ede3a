/// A small DEFLATE compressor (RFC 1951): greedy LZ77 matching over a 32 KiB window, coded
/// with the fixed Huffman tables in a single block. Real servers compress better; this one
/// is exact, fast enough for fixtures, and reaches ratios above 150:1 on repetitive input,
/// which is what a decompression-bomb test needs.
enum DeflateEncoder {
    /// `bytes` as a raw DEFLATE stream.
    static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        writer.write(1, width: 1)  // BFINAL
        writer.write(1, width: 2)  // BTYPE = 01, fixed Huffman codes
        var head = [Int](repeating: -1, count: 1 << 15)
        var position = 0
        while position < bytes.count {
            var matchLength = 0
            var matchDistance = 0
            if position + 2 < bytes.count {
                let key = hash(bytes, position)
                let candidate = head[key]
                head[key] = position
                if candidate >= 0, position - candidate <= 32_768 {
                    let limit = min(258, bytes.count - position)
                    var length = 0
                    while length < limit, bytes[candidate + length] == bytes[position + length] {
                        length += 1
                    }
                    if length >= 3 {
                        matchLength = length
                        matchDistance = position - candidate
                    }
                }
            }
            if matchLength > 0 {
                writeMatch(length: matchLength, distance: matchDistance, into: &writer)
                for skipped in (position + 1)..<(position + matchLength) where skipped + 2 < bytes.count {
                    head[hash(bytes, skipped)] = skipped
                }
                position += matchLength
            } else {
                writeLiteral(Int(bytes[position]), into: &writer)
                position += 1
            }
        }
        writeLiteral(256, into: &writer)  // end of block
        writer.flush()
        return writer.bytes
    }

    /// `bytes` in a gzip member (RFC 1952), as sent with `Content-Encoding: gzip`.
    static func gzip(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        output += deflate(bytes)
        output += littleEndian(Checksum.crc32(bytes))
        output += littleEndian(UInt32(truncatingIfNeeded: bytes.count))
        return output
    }

    /// `bytes` in a zlib stream (RFC 1950), as sent with `Content-Encoding: deflate`.
    static func zlib(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [0x78, 0x01]
        output += deflate(bytes)
        let adler = Checksum.adler32(bytes)
        output += [UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF), UInt8(adler & 0xFF)]
        return output
    }

    private static func hash(_ bytes: [UInt8], _ position: Int) -> Int {
        let value = Int(bytes[position]) << 10 ^ Int(bytes[position + 1]) << 5 ^ Int(bytes[position + 2])
        return value & 0x7FFF
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)]
    }

    /// Writes a literal/length symbol with the fixed code of RFC 1951 §3.2.6.
    private static func writeLiteral(_ symbol: Int, into writer: inout BitWriter) {
        switch symbol {
        case 0...143: writer.writeCode(0x30 + symbol, width: 8)
        case 144...255: writer.writeCode(0x190 + symbol - 144, width: 9)
        case 256...279: writer.writeCode(symbol - 256, width: 7)
        default: writer.writeCode(0xC0 + symbol - 280, width: 8)
        }
    }

    private static func writeMatch(length: Int, distance: Int, into writer: inout BitWriter) {
        let lengthCode = lengthBases.lastIndex { $0 <= length }!
        writeLiteral(257 + lengthCode, into: &writer)
        writer.write(length - lengthBases[lengthCode], width: lengthExtraBits[lengthCode])
        let distanceCode = distanceBases.lastIndex { $0 <= distance }!
        writer.writeCode(distanceCode, width: 5)
        writer.write(distance - distanceBases[distanceCode], width: distanceExtraBits[distanceCode])
    }

    private static let lengthBases = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
        35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    private static let lengthExtraBits = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
        3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBases = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
        257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtraBits = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
        7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
}
