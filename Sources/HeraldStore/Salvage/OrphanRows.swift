import Foundation
import GRDB

/// The rows of table leaf pages that no b-tree reaches any more: those below a damaged interior page,
/// which SQLite cannot find by key. Every page reachable from a root of the schema, every page of the
/// freelist and the lock-byte page are left out, so a row deleted earlier (its page freed) never comes
/// back; when the freelist itself is damaged nothing is read, since freed pages could not be told apart.
struct OrphanRows {
    /// One row: its rowid and its values in the column order of the table that wrote it.
    struct Row {
        let rowid: Int64
        let values: [DatabaseValue]
    }

    /// The rows, page by page in file order.
    let rows: [Row]
    /// Why no page was read, when none was (for the report); `nil` when the pages were read.
    let skipped: String?

    /// Reads the file at `path`; `roots` are the root pages of every table and index of its schema
    /// (as far as its schema could be read), and only the rows `keeping` accepts are kept.
    init(path: String, roots: [Int], keeping: (Row) -> Bool = { _ in true }) {
        guard let image = DatabaseFileImage(path: path) else {
            self.init(rows: [], skipped: "the file header is not readable")
            return
        }
        guard image.textEncoding == 1 else {
            self.init(rows: [], skipped: "the file's text is not UTF-8")
            return
        }
        guard let free = image.freePages() else {
            self.init(rows: [], skipped: "the list of free pages is damaged")
            return
        }
        // Overflow pages are not followed here: an overflow page starts with the number of the next
        // one, so it reads as a table leaf (0x0D) only past page 218 million, and its cells would
        // still have to decode as records of a copied table's shape.
        var known = free
        known.insert(image.lockBytePage)
        var stack = [1] + roots
        while let number = stack.popLast() {
            guard number >= 1, number <= image.pageCount, known.insert(number).inserted else { continue }
            stack.append(contentsOf: BTreePage(number, of: image)?.children ?? [])
        }
        var rows: [Row] = []
        for number in 2...max(2, image.pageCount) where !known.contains(number) {
            guard let page = BTreePage(number, of: image), page.kind == .leafTable else { continue }
            for cell in page.cells {
                guard let values = SQLiteRecord.values(of: cell.payload) else { continue }
                let row = Row(rowid: cell.rowid, values: values)
                if keeping(row) { rows.append(row) }
            }
        }
        self.init(rows: rows, skipped: nil)
    }

    private init(rows: [Row], skipped: String?) {
        self.rows = rows
        self.skipped = skipped
    }
}
