#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// First and last time per process name, keyed by the name's raw bytes so the hot path
/// builds no `String` and allocates nothing for a process it has already seen.
///
/// Every record passes through here, so a lookup is one hash of the name, one
/// probe of an open-addressing table and one `memcmp` against the interned bytes (all
/// names live in one arena); the name of the previous record is tried first, since
/// records of one process come in runs.
public struct ProcessTable {
    /// Beyond this many distinct names (a parser reading garbage) new names are not kept.
    public static let maxProcesses = 100_000

    /// Interned names, back to back; name `i` is `arena[starts[i]..<starts[i + 1]]`.
    private var arena: [UInt8] = []
    private var starts: [Int] = [0]
    private var hashes: [UInt64] = []
    private var spans: [ScopeSpan] = []
    /// Open addressing, linear probing: 1 + name index, 0 for an empty slot.
    private var slots = [Int32](repeating: 0, count: 64)
    private var lastIndex = -1
    public private(set) var overflowed = false

    public init() {}

    public var isEmpty: Bool { spans.isEmpty }

    public var count: Int { spans.count }

    public mutating func include(_ name: UnsafeRawBufferPointer, at time: Instant) {
        if lastIndex >= 0, matches(lastIndex, name) {
            spans[lastIndex].include(time)
            return
        }
        let hash = ProcessTable.hash(name)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { break }
            let index = entry - 1
            if hashes[index] == hash, matches(index, name) {
                lastIndex = index
                spans[index].include(time)
                return
            }
            slot = (slot + 1) & mask
        }
        guard spans.count < ProcessTable.maxProcesses else {
            overflowed = true
            return
        }
        arena.append(contentsOf: name)
        starts.append(arena.count)
        hashes.append(hash)
        spans.append(ScopeSpan(first: time, last: time))
        lastIndex = spans.count - 1
        slots[slot] = Int32(spans.count)
        if spans.count * 2 > slots.count { grow() }
    }

    /// Adds another table's spans (a later byte range of the same source).
    public mutating func merge(_ other: ProcessTable) {
        other.arena.withUnsafeBytes { arena in
            for i in other.spans.indices {
                let name = UnsafeRawBufferPointer(rebasing: arena[other.starts[i]..<other.starts[i + 1]])
                include(name, at: other.spans[i].first)
                include(name, at: other.spans[i].last)
            }
        }
        overflowed = overflowed || other.overflowed
    }

    /// Names as text (invalid UTF-8 shown as U+FFFD; names that become equal are merged).
    public var spansByName: [String: ScopeSpan] {
        var result: [String: ScopeSpan] = [:]
        for i in spans.indices {
            let name = String(decoding: arena[starts[i]..<starts[i + 1]], as: UTF8.self)
            let span = spans[i]
            if var existing = result[name] {
                existing.include(span.first)
                existing.include(span.last)
                result[name] = existing
            } else {
                result[name] = span
            }
        }
        return result
    }

    @inline(__always) private func matches(_ index: Int, _ name: UnsafeRawBufferPointer) -> Bool {
        let start = starts[index]
        let count = starts[index + 1] - start
        guard count == name.count else { return false }
        guard count > 0, let b = name.baseAddress else { return true }
        return arena.withUnsafeBytes { memcmp($0.baseAddress! + start, b, count) == 0 }
    }

    private mutating func grow() {
        var bigger = [Int32](repeating: 0, count: slots.count * 2)
        let mask = bigger.count - 1
        for (index, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while bigger[slot] != 0 { slot = (slot + 1) & mask }
            bigger[slot] = Int32(index + 1)
        }
        slots = bigger
    }

    /// A hash of the name, eight bytes at a time (only this table sees it).
    @inline(__always) static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return h }
        var i = 0
        while i + 8 <= bytes.count {
            h = (h ^ UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))) &* 0x0000_0100_0000_01b3
            h ^= h >> 32
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < bytes.count {
            tail |= UInt64(base.load(fromByteOffset: i, as: UInt8.self)) << shift
            shift += 8
            i += 1
        }
        h = (h ^ tail) &* 0x0000_0100_0000_01b3
        // Fold the high bits in: the table is indexed by the low ones.
        return h ^ (h >> 29)
    }
}
