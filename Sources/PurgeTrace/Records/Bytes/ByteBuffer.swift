import Foundation

/// A growable byte store that parsers reuse from record to record.
///
/// Parsers keep a record's bytes here between lines (the caller's line buffer is gone by
/// the time the next line arrives) and point `RecordView`s into it. It is a class so that
/// a parser struct can hold it without copy-on-write checks, and it never shrinks, so after
/// the first few records no allocation happens. Positions are kept as offsets, never as
/// pointers, because growing moves the storage.
final class ByteBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 4096) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always) func removeAll() { count = 0 }

    /// Drops bytes past `newCount`.
    @inline(__always) func truncate(to newCount: Int) {
        if newCount < count { count = max(newCount, 0) }
    }

    @inline(__always) func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always) func append(_ bytes: UnsafeRawBufferPointer) {
        let n = bytes.count
        guard n > 0, let src = bytes.baseAddress else { return }
        if count + n > capacity { grow(to: count + n) }
        (base + count).update(from: src.assumingMemoryBound(to: UInt8.self), count: n)
        count += n
    }

    @inline(__always) func append(_ start: UnsafePointer<UInt8>, count n: Int) {
        guard n > 0 else { return }
        if count + n > capacity { grow(to: count + n) }
        (base + count).update(from: start, count: n)
        count += n
    }

    func append(_ text: StaticString) {
        append(text.utf8Start, count: text.utf8CodeUnitCount)
    }

    /// Bytes `[start, start + length)`.
    @inline(__always) func bytes(_ start: Int, _ length: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + start, count: length)
    }

    @inline(__always) func bytes(_ span: Span) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + span.start, count: span.count)
    }

    /// All bytes.
    var all: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    private func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
