import Foundation

/// One b-tree page of a ``DatabaseFileImage``, read by the file format's rules (sqlite.org/fileformat2.html):
/// its kind, the pages it points to, and for a table leaf its rows' keys and payloads. A header or a
/// cell that does not fit the page makes the page (or the cell) unreadable, never a crash.
struct BTreePage {
    /// The four kinds of b-tree page.
    enum Kind: UInt8 {
        case interiorIndex = 0x02
        case interiorTable = 0x05
        case leafIndex = 0x0A
        case leafTable = 0x0D
    }

    /// One row of a table leaf: its rowid and its record (the payload, overflow pages followed).
    struct Cell {
        let rowid: Int64
        let payload: Data
    }

    let kind: Kind
    private let data: Data
    private let header: Int
    private let cellOffsets: [Int]
    private let image: DatabaseFileImage

    /// Reads page `number` of `image`; `nil` when it is not a well-formed b-tree page header.
    init?(_ number: Int, of image: DatabaseFileImage) {
        guard let data = image.page(number) else { return nil }
        let header = number == 1 ? 100 : 0
        guard header < data.count, let kind = Kind(rawValue: data[data.startIndex + header]) else { return nil }
        let headerSize = kind == .interiorIndex || kind == .interiorTable ? 12 : 8
        let count = Int(DatabaseFileImage.uint16(data, at: header + 3))
        let pointers = header + headerSize
        guard pointers + 2 * count <= image.usableSize else { return nil }
        var offsets: [Int] = []
        offsets.reserveCapacity(count)
        for index in 0..<count {
            let offset = Int(DatabaseFileImage.uint16(data, at: pointers + 2 * index))
            guard offset >= pointers + 2 * count, offset < image.usableSize else { return nil }
            offsets.append(offset)
        }
        self.kind = kind
        self.data = data
        self.header = header
        self.cellOffsets = offsets
        self.image = image
    }

    /// The child pages of an interior page (empty for a leaf).
    var children: [Int] {
        switch kind {
        case .interiorTable, .interiorIndex:
            cellOffsets.map { Int(DatabaseFileImage.uint32(data, at: $0)) }
                + [Int(DatabaseFileImage.uint32(data, at: header + 8))]
        case .leafTable, .leafIndex:
            []
        }
    }

    /// The rows of a table leaf that can be read (empty for any other kind).
    var cells: [Cell] {
        guard kind == .leafTable else { return [] }
        return cellOffsets.compactMap(cell(at:))
    }

    private func cell(at offset: Int) -> Cell? {
        guard let (size, sizeLength) = SQLiteRecord.varint(data, at: offset),
              let (rowid, rowidLength) = SQLiteRecord.varint(data, at: offset + sizeLength),
              size >= 0, size <= 1 << 30 else { return nil }
        let start = offset + sizeLength + rowidLength
        let total = Int(size)
        let local = localSize(of: total)
        guard start + local <= image.usableSize else { return nil }
        var payload = data.subdata(in: (data.startIndex + start)..<(data.startIndex + start + local))
        guard local < total else { return Cell(rowid: rowid, payload: payload) }
        // The rest is in a chain of overflow pages: 4 bytes naming the next one, then content.
        var next = Int(DatabaseFileImage.uint32(data, at: start + local))
        var visited = Set<Int>()
        while payload.count < total {
            guard next >= 2, visited.insert(next).inserted, let overflow = image.page(next) else { return nil }
            let take = min(total - payload.count, image.usableSize - 4)
            payload.append(overflow.subdata(in: (overflow.startIndex + 4)..<(overflow.startIndex + 4 + take)))
            next = Int(DatabaseFileImage.uint32(overflow, at: 0))
        }
        return Cell(rowid: rowid, payload: payload)
    }

    /// How much of a table leaf cell's payload of `total` bytes is on the page itself.
    private func localSize(of total: Int) -> Int {
        let usable = image.usableSize
        let most = usable - 35
        if total <= most { return total }
        let least = (usable - 12) * 32 / 255 - 23
        let spread = least + (total - least) % (usable - 4)
        return spread <= most ? spread : least
    }
}
