import Foundation

/// The pages of a SQLite database file as the last commit left them: the main file, with the
/// committed frames of its WAL laid over it (what a reader would see), read without SQLite so a
/// damaged b-tree does not stop the reading. Every read is bounds-checked; nothing is trusted.
struct DatabaseFileImage {
    /// Bytes per page.
    let pageSize: Int
    /// Bytes of each page that hold b-tree content (the page size less the reserved bytes).
    let usableSize: Int
    /// Pages in the database.
    let pageCount: Int
    /// The text encoding of the file's strings: 1 is UTF-8, the only one Herald writes.
    let textEncoding: UInt32
    private let file: Data
    /// Pages whose newest committed copy is in the WAL: page number → the copy's offset in `wal`.
    private let walPages: [Int: Int]
    private let wal: Data

    /// Reads the file at `path` and its `-wal`; `nil` when the header is not a SQLite header.
    init?(path: String) {
        guard let file = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped),
              file.count >= 100, file.prefix(16) == Data("SQLite format 3\0".utf8) else { return nil }
        let rawSize = Int(Self.uint16(file, at: 16))
        let pageSize = rawSize == 1 ? 65_536 : rawSize
        guard pageSize >= 512, pageSize <= 65_536, pageSize & (pageSize - 1) == 0 else { return nil }
        let reserved = Int(file[file.startIndex + 20])
        guard pageSize - reserved >= 480 else { return nil }
        self.file = file
        self.pageSize = pageSize
        self.usableSize = pageSize - reserved
        self.textEncoding = Self.uint32(file, at: 56)
        let wal = (try? Data(contentsOf: URL(fileURLWithPath: path + "-wal"), options: .alwaysMapped)) ?? Data()
        let (walPages, walPageCount) = Self.committedFrames(of: wal, pageSize: pageSize)
        self.wal = wal
        self.walPages = walPages
        self.pageCount = walPageCount ?? file.count / pageSize
    }

    /// Page `number` (from 1), or `nil` beyond the end.
    func page(_ number: Int) -> Data? {
        guard number >= 1, number <= pageCount else { return nil }
        if let offset = walPages[number] {
            return wal.subdata(in: (wal.startIndex + offset)..<(wal.startIndex + offset + pageSize))
        }
        let start = (number - 1) * pageSize
        guard start + pageSize <= file.count else { return nil }
        return file.subdata(in: (file.startIndex + start)..<(file.startIndex + start + pageSize))
    }

    /// The pages of the freelist, or `nil` when the list is damaged (a trunk page out of range, a
    /// loop, or fewer or more pages than the header counts).
    func freePages() -> Set<Int>? {
        guard let first = page(1) else { return nil }
        let expected = Int(Self.uint32(first, at: 36))
        var free = Set<Int>()
        var trunk = Int(Self.uint32(first, at: 32))
        while trunk != 0 {
            guard let data = page(trunk), !free.contains(trunk), free.count <= expected else { return nil }
            free.insert(trunk)
            let leaves = Int(Self.uint32(data, at: 4))
            guard leaves <= (usableSize - 8) / 4 else { return nil }
            for index in 0..<leaves {
                let leaf = Int(Self.uint32(data, at: 8 + 4 * index))
                guard leaf >= 2, leaf <= pageCount else { return nil }
                free.insert(leaf)
            }
            trunk = Int(Self.uint32(data, at: 0))
        }
        return free.count == expected ? free : nil
    }

    /// The page SQLite never uses: the one holding the byte at offset 2^30 (files above 1 GB).
    var lockBytePage: Int { 1_073_741_824 / pageSize + 1 }

    // MARK: The WAL

    /// The newest copy of each page among the WAL's frames up to its last valid commit, and the
    /// database size that commit recorded (the WAL's salts and cumulative checksums decide which
    /// frames are valid, as SQLite's own recovery does).
    private static func committedFrames(of wal: Data, pageSize: Int) -> ([Int: Int], Int?) {
        guard wal.count >= 32 else { return ([:], nil) }
        let magic = uint32(wal, at: 0)
        guard magic == 0x377F_0682 || magic == 0x377F_0683, Int(uint32(wal, at: 8)) == pageSize else { return ([:], nil) }
        let bigEndian = magic & 1 == 1
        var sums = checksum(wal, range: 0..<24, bigEndian: bigEndian, seed: (0, 0))
        guard sums == (uint32(wal, at: 24), uint32(wal, at: 28)) else { return ([:], nil) }
        let salts = (uint32(wal, at: 16), uint32(wal, at: 20))
        var pending: [Int: Int] = [:]
        var committed: [Int: Int] = [:]
        var size: Int?
        var offset = 32
        while offset + 24 + pageSize <= wal.count {
            guard (uint32(wal, at: offset + 8), uint32(wal, at: offset + 12)) == salts else { break }
            sums = checksum(wal, range: offset..<(offset + 8), bigEndian: bigEndian, seed: sums)
            sums = checksum(wal, range: (offset + 24)..<(offset + 24 + pageSize), bigEndian: bigEndian, seed: sums)
            guard sums == (uint32(wal, at: offset + 16), uint32(wal, at: offset + 20)) else { break }
            let page = Int(uint32(wal, at: offset))
            pending[page] = offset + 24
            let sizeAfterCommit = Int(uint32(wal, at: offset + 4))
            if sizeAfterCommit > 0 {
                committed.merge(pending) { _, newer in newer }
                pending = [:]
                size = sizeAfterCommit
            }
            offset += 24 + pageSize
        }
        return (committed, size)
    }

    /// SQLite's WAL checksum over `range` (a multiple of 8 bytes), continued from `seed`.
    private static func checksum(_ data: Data, range: Range<Int>, bigEndian: Bool,
                                 seed: (UInt32, UInt32)) -> (UInt32, UInt32) {
        var (first, second) = seed
        var index = range.lowerBound
        while index + 8 <= range.upperBound {
            let word0 = bigEndian ? uint32(data, at: index) : uint32(data, at: index).byteSwapped
            let word1 = bigEndian ? uint32(data, at: index + 4) : uint32(data, at: index + 4).byteSwapped
            first = first &+ word0 &+ second
            second = second &+ word1 &+ first
            index += 8
        }
        return (first, second)
    }

    // MARK: Bytes

    /// The big-endian 16-bit number at `offset` of `data` (0 beyond its end).
    static func uint16(_ data: Data, at offset: Int) -> UInt16 {
        guard offset >= 0, offset + 2 <= data.count else { return 0 }
        let start = data.startIndex + offset
        return UInt16(data[start]) << 8 | UInt16(data[start + 1])
    }

    /// The big-endian 32-bit number at `offset` of `data` (0 beyond its end).
    static func uint32(_ data: Data, at offset: Int) -> UInt32 {
        guard offset >= 0, offset + 4 <= data.count else { return 0 }
        let start = data.startIndex + offset
        return UInt32(data[start]) << 24 | UInt32(data[start + 1]) << 16 | UInt32(data[start + 2]) << 8 | UInt32(data[start + 3])
    }
}
