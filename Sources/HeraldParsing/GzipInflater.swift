import CZlib
import Foundation
import HeraldDomain

/// Inflates a gzip document that a server sent without `Content-Encoding: gzip` (so the fetcher
/// passed it on compressed), within the same size and ratio limits the fetcher applies.
enum GzipInflater {
    /// The inflated bytes and what had to be worked around.
    struct Inflated {
        /// The decompressed document.
        var data: Data
        /// A note for the feed's warnings when the compressed data ended early or was damaged.
        var damage: String?
    }

    /// True when `data` starts with the gzip magic number `1f 8b` and the DEFLATE method (8).
    static func isGzip(_ data: Data) -> Bool {
        guard data.count >= 3 else { return false }
        let start = data.startIndex
        return data[start] == 0x1F && data[start + 1] == 0x8B && data[start + 2] == 0x08
    }

    /// Inflates every gzip member of `data`.
    /// - Throws: `.tooLarge` past ``ParserLimits/maxInflatedBytes``, `.unsafeDocument` past
    ///   ``ParserLimits/maxDecompressionRatio``, `.unreadable` when nothing could be inflated.
    static func inflate(_ data: Data, limits: ParserLimits) throws(FeedParseError) -> Inflated {
        let ratioLimit = data.count.multipliedReportingOverflow(by: max(1, limits.maxDecompressionRatio))
        let limit = min(limits.maxInflatedBytes, ratioLimit.overflow ? Int.max : ratioLimit.partialValue)
        var output: [UInt8] = []
        let ending = data.withUnsafeBytes { input in run(input, into: &output, limit: limit) }
        switch ending {
        case .complete:
            return Inflated(data: Data(output))
        case .overLimit:
            if limit < limits.maxInflatedBytes {
                throw .unsafeDocument(reason: "gzip data that expands more than \(limits.maxDecompressionRatio) times")
            }
            throw .tooLarge(limit: limits.maxInflatedBytes)
        case .truncated where !output.isEmpty:
            return Inflated(data: Data(output), damage: "The gzip data ends early; the part it held was read.")
        case .damaged where !output.isEmpty:
            return Inflated(data: Data(output), damage: "The gzip data is damaged; the part before the damage was read.")
        case .truncated, .damaged:
            throw .unreadable(reason: "the gzip data is damaged")
        }
    }

    private enum Ending { case complete, truncated, damaged, overLimit }

    private static func run(_ input: UnsafeRawBufferPointer, into output: inout [UInt8], limit: Int) -> Ending {
        guard let base = input.bindMemory(to: Bytef.self).baseAddress else { return .damaged }
        var stream = z_stream()
        guard herald_inflate_init_gzip(&stream) == Z_OK else { return .damaged }
        defer { inflateEnd(&stream) }
        stream.next_in = UnsafeMutablePointer(mutating: base)
        stream.avail_in = uInt(input.count)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let status = chunk.withUnsafeMutableBufferPointer { buffer in
                stream.next_out = buffer.baseAddress
                stream.avail_out = uInt(buffer.count)
                return CZlib.inflate(&stream, Z_NO_FLUSH)
            }
            let produced = chunk.count - Int(stream.avail_out)
            guard output.count + produced <= limit else { return .overLimit }
            output.append(contentsOf: chunk[..<produced])
            switch status {
            case Z_OK:
                continue
            case Z_STREAM_END:
                // Concatenated members (`cat a.gz b.gz`) form one gzip file; anything else is trailing junk.
                let consumed = input.count - Int(stream.avail_in)
                guard stream.avail_in >= 2, input[consumed] == 0x1F, input[consumed + 1] == 0x8B else { return .complete }
                guard inflateReset(&stream) == Z_OK else { return .damaged }
            case Z_BUF_ERROR where stream.avail_in == 0:
                return .truncated
            case Z_BUF_ERROR where produced > 0:
                continue
            default:
                return .damaged
            }
        }
    }
}
