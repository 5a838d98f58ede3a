#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a streamed JSON document could not be written out.
public struct JSONWriteError: Error, Sendable, Hashable {
    /// The `errno` of the failed `write(2)`.
    public var code: Int32

    /// Creates an error from an `errno` value.
    public init(code: Int32) { self.code = code }

    /// A sentence for the user.
    public var message: String {
        "Cannot write the output (\(String(cString: strerror(code))))."
    }
}

/// A pretty-printing JSON writer that appends bytes to a buffer and, when it has a file
/// descriptor, hands them to `write(2)` once the buffer is full: a document of any size goes out
/// in constant memory. Its layout is the one Foundation's `JSONEncoder` produces with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` (two-space indent, `"key" : value`,
/// `[\n\n]` for an empty list); keys are written in the order the caller gives them, so callers
/// give them sorted by their UTF-8 bytes. The buffer is raw memory (no Array bookkeeping per byte).
struct JSONStreamWriter: ~Copyable {
    /// The buffer; `count` bytes of it are written.
    private var bytes: UnsafeMutablePointer<UInt8>
    /// The bytes not yet handed to the file descriptor (all of them without one).
    private(set) var count = 0
    /// The size of `bytes`.
    private var capacity: Int
    /// Where full buffers go; nil keeps everything in the buffer.
    private let descriptor: Int32?
    /// The buffer size past which ``flushIfFull()`` writes out.
    private let threshold: Int
    /// The nesting depth of the container being written.
    private var depth = 0
    /// True until the open container gets its first member or element.
    private var isEmpty = true
    /// The first failure of `write(2)`; later writes are dropped.
    private(set) var failure: JSONWriteError?

    /// A writer that keeps the whole document in memory.
    init(capacity: Int = 4096) {
        descriptor = nil
        threshold = .max
        self.capacity = max(capacity, 64)
        bytes = .allocate(capacity: self.capacity)
    }

    /// A writer that streams to `descriptor` in chunks of about `chunkSize` bytes.
    init(descriptor: Int32, chunkSize: Int = 256 * 1024) {
        self.descriptor = descriptor
        threshold = chunkSize
        capacity = chunkSize + chunkSize / 4
        bytes = .allocate(capacity: capacity)
    }

    deinit { bytes.deallocate() }

    /// The bytes written so far (without a descriptor: the whole document).
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: bytes, count: count))
    }

    // MARK: - Containers

    /// Opens an object (`{`).
    mutating func openObject() { open(UInt8(ascii: "{")) }
    /// Closes the open object (`}`).
    mutating func closeObject() { close(UInt8(ascii: "}")) }
    /// Opens a list (`[`).
    mutating func openArray() { open(UInt8(ascii: "[")) }
    /// Closes the open list (`]`).
    mutating func closeArray() { close(UInt8(ascii: "]")) }

    /// Starts a member of the open object: separator, indent, `"key" : `.
    mutating func key(_ name: StaticString) {
        separate()
        reserve(name.utf8CodeUnitCount + 5)
        bytes[count] = UInt8(ascii: "\"")
        (bytes + count + 1).update(from: name.utf8Start, count: name.utf8CodeUnitCount)
        count += name.utf8CodeUnitCount + 1
        raw("\" : ")
    }

    /// Starts an element of the open list: separator and indent.
    mutating func element() { separate() }

    private mutating func open(_ bracket: UInt8) {
        byte(bracket)
        depth += 1
        isEmpty = true
    }

    private mutating func close(_ bracket: UInt8) {
        if isEmpty { byte(UInt8(ascii: "\n")) }
        depth -= 1
        byte(UInt8(ascii: "\n"))
        indent()
        byte(bracket)
        isEmpty = false
    }

    private mutating func separate() {
        if isEmpty {
            byte(UInt8(ascii: "\n"))
            isEmpty = false
        } else {
            reserve(2)
            bytes[count] = UInt8(ascii: ",")
            bytes[count + 1] = UInt8(ascii: "\n")
            count += 2
        }
        indent()
    }

    private mutating func indent() {
        let width = 2 * depth
        reserve(width)
        (bytes + count).update(repeating: UInt8(ascii: " "), count: width)
        count += width
    }

    // MARK: - Values

    /// A string value, quoted and escaped as `JSONEncoder` escapes it: `"` and `\`, control
    /// characters (`\b \f \n \r \t`, others as `\u00xx`); slashes and all other characters as they
    /// are, except the C1 controls U+0080–U+009F, also written `\u00xx` (JSONEncoder leaves them raw,
    /// and U+009B and U+009D act as ESC [ and ESC ] on terminals that honour 8-bit controls).
    mutating func string(_ value: String) {
        byte(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in appendEscaped(utf8) }
        byte(UInt8(ascii: "\""))
    }

    /// An integer value.
    mutating func integer<Value: BinaryInteger>(_ value: Value) {
        var magnitude = UInt64(value.magnitude)
        reserve(21)
        if value < 0 { bytes[count] = UInt8(ascii: "-"); count += 1 }
        var digits = 1
        var probe = magnitude
        while probe >= 10 { probe /= 10; digits += 1 }
        var index = count + digits
        repeat {
            index -= 1
            bytes[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        count += digits
    }

    /// A floating-point value as `JSONEncoder` writes it (`description`, without a trailing `.0`).
    /// Callers leave out non-finite values, which JSON cannot represent.
    mutating func number(_ value: Double) {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        text.withUTF8 { append($0) }
    }

    /// A boolean value.
    mutating func bool(_ value: Bool) { raw(value ? "true" : "false") }

    /// Bytes written as they are (a newline after the document, for instance).
    mutating func raw(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// One decimal digit (0–9).
    mutating func digit(_ value: UInt8) { byte(UInt8(ascii: "0") + value) }

    private mutating func byte(_ value: UInt8) {
        reserve(1)
        bytes[count] = value
        count += 1
    }

    private mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        reserve(buffer.count)
        (bytes + count).update(from: base, count: buffer.count)
        count += buffer.count
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        grow(count + extra)
    }

    private mutating func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        larger.update(from: bytes, count: count)
        bytes.deallocate()
        bytes = larger
        capacity = newCapacity
    }

    /// Copies runs of bytes that need no escape in one go; eight bytes at a time are checked
    /// for a quote, a backslash or a control character with word arithmetic, which also points at
    /// the first such byte of the eight.
    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard let base = utf8.baseAddress else { return }
        let total = utf8.count
        var mark = 0, index = 0
        while index < total {
            if total - index >= 8 {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let mask = Self.escapeMask(word)
                if mask == 0 { index += 8; continue }
                index += mask.trailingZeroBitCount >> 3
            } else {
                let value = base[index]
                guard value < 0x20 || value == UInt8(ascii: "\"") || value == UInt8(ascii: "\\") || value == 0xC2 else {
                    index += 1
                    continue
                }
            }
            let value = base[index]
            if index > mark { append(UnsafeBufferPointer(start: base + mark, count: index - mark)) }
            index += 1
            mark = index
            if value == 0xC2 {
                // U+0080–U+009F are C2 80–C2 9F in UTF-8; any other C2 sequence is copied as it is.
                if index < total, (0x80...0x9F).contains(base[index]) {
                    raw("\\u00")
                    byte(Self.hexDigit(base[index] >> 4))
                    byte(Self.hexDigit(base[index] & 0x0F))
                    index += 1
                    mark = index
                } else {
                    byte(value)
                }
                continue
            }
            switch value {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x08: raw("\\b")
            case 0x0C: raw("\\f")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            default:
                raw("\\u00")
                byte(Self.hexDigit(value >> 4))
                byte(Self.hexDigit(value & 0x0F))
            }
        }
        if total > mark { append(UnsafeBufferPointer(start: base + mark, count: total - mark)) }
    }

    /// The high bit of each of the eight bytes (little-endian) that is below 0x20, a quote, a
    /// backslash or 0xC2 (the lead byte of the C1 controls), or 0 when none is. Bits above the lowest may be false alarms (a borrow carries
    /// upwards), the lowest one never is: it marks the first byte to escape. (SWAR: a byte is
    /// below `n` when subtracting `n` borrows into its high bit while the byte itself is ASCII.)
    @inline(__always)
    private static func escapeMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word & highs
        let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let quoteZero = (quote &- ones) & ~quote & highs
        let backslashZero = (backslash &- ones) & ~backslash & highs
        let leadC2 = word ^ (ones &* 0xC2)
        let leadC2Zero = (leadC2 &- ones) & ~leadC2 & highs
        return control | quoteZero | backslashZero | leadC2Zero
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    // MARK: - Output

    /// Writes the buffer out when it has grown past the chunk size (never without a descriptor).
    mutating func flushIfFull() {
        if count >= threshold { flush() }
    }

    /// Writes whatever is buffered to the descriptor, retrying interrupted and partial writes;
    /// the first failure is kept in ``failure`` and later output is dropped.
    mutating func flush() {
        guard let descriptor, count > 0 else { return }
        defer { count = 0 }
        guard failure == nil else { return }
        var offset = 0
        while offset < count {
            let written = write(descriptor, bytes + offset, count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                failure = JSONWriteError(code: errno)
                return
            }
            offset += written
        }
    }
}
