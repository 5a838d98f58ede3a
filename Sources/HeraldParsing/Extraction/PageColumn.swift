/// A growable run of values in memory its owner allocates and frees itself (``PageTree``): read
/// and written through a pointer, without the reference counting and exclusivity checks of an
/// array held by a class, which the extractor's walks would pay on every step.
///
/// A column is a plain value (a pointer and two counts): copies share the memory, and only the
/// owner appends or frees. Every read and write is bounds-checked.
struct PageColumn<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    /// A column with room for `capacity` values, not yet written (memory reserved and never
    /// written is not resident).
    init(capacity: Int) {
        self.capacity = Swift.max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    subscript(index: Int) -> Element {
        @inline(__always) get {
            precondition(index >= 0 && index < count, "a page column read out of bounds")
            return base[index]
        }
        @inline(__always) nonmutating set {
            precondition(index >= 0 && index < count, "a page column written out of bounds")
            base[index] = newValue
        }
    }

    mutating func append(_ value: Element) {
        if count == capacity { grow(toAtLeast: count + 1) }
        (base + count).initialize(to: value)
        count += 1
    }

    /// Makes room for `capacity` values in all, at once (growing by doubling keeps the old and
    /// the new memory side by side, and up to twice what is needed).
    mutating func reserve(_ capacity: Int) {
        if capacity > self.capacity { grow(toExactly: capacity) }
    }

    mutating func append(repeating value: Element, count added: Int) {
        if count + added > capacity { grow(toAtLeast: count + added) }
        (base + count).initialize(repeating: value, count: added)
        count += added
    }

    /// Forgets the last `removed` values (the memory stays for the next ones).
    mutating func removeLast(_ removed: Int) {
        precondition(removed >= 0 && removed <= count, "a page column shortened past its start")
        (base + count - removed).deinitialize(count: removed)
        count -= removed
    }

    /// The values in `range`, for a caller that only reads them before the column next grows.
    func buffer(_ range: Range<Int>) -> UnsafeBufferPointer<Element> {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "a page column read out of bounds")
        return UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    private mutating func grow(toAtLeast needed: Int) {
        grow(toExactly: Swift.max(needed, capacity * 2))
    }

    private mutating func grow(toExactly newCapacity: Int) {
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Forgets every value and lets the memory go, keeping an empty column.
    mutating func removeAll() {
        base.deinitialize(count: count)
        base.deallocate()
        capacity = 16
        base = .allocate(capacity: capacity)
        count = 0
    }

    /// Lets the memory go; the column is not used again.
    func free() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}

extension PageColumn where Element == UInt8 {
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(toAtLeast: count + bytes.count) }
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }
}

extension PageColumn {
    /// Appends a copy of the values in `range` of this same column.
    mutating func appendCopy(of range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "a page column read out of bounds")
        if count + range.count > capacity { grow(toAtLeast: count + range.count) }
        (base + count).initialize(from: base + range.lowerBound, count: range.count)
        count += range.count
    }
}
