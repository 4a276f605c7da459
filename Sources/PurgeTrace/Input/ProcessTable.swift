#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// First and last time per process name, keyed by the name's raw bytes so the hot path
/// builds no `String` for a process it has already seen.
public struct ProcessTable {
    /// Beyond this many distinct names (a parser reading garbage) new names are not kept.
    public static let maxProcesses = 100_000

    private var keys: [[UInt8]] = []
    private var spans: [ScopeSpan] = []
    private var buckets: [UInt64: [Int32]] = [:]
    private var lastIndex = -1
    public private(set) var overflowed = false

    public init() {}

    public var isEmpty: Bool { keys.isEmpty }

    public mutating func include(_ name: UnsafeRawBufferPointer, at time: Instant) {
        if lastIndex >= 0, equal(keys[lastIndex], name) {
            spans[lastIndex].include(time)
            return
        }
        let hash = fnv1a(name)
        if let candidates = buckets[hash] {
            for i in candidates where equal(keys[Int(i)], name) {
                lastIndex = Int(i)
                spans[lastIndex].include(time)
                return
            }
        }
        guard keys.count < ProcessTable.maxProcesses else {
            overflowed = true
            return
        }
        keys.append(Array(name))
        spans.append(ScopeSpan(first: time, last: time))
        lastIndex = keys.count - 1
        buckets[hash, default: []].append(Int32(lastIndex))
    }

    /// Adds another table's spans (a later byte range of the same source).
    public mutating func merge(_ other: ProcessTable) {
        for (key, span) in zip(other.keys, other.spans) {
            key.withUnsafeBytes { bytes in
                include(bytes, at: span.first)
                include(bytes, at: span.last)
            }
        }
        overflowed = overflowed || other.overflowed
    }

    /// Names as text (invalid UTF-8 shown as U+FFFD; names that become equal are merged).
    public var spansByName: [String: ScopeSpan] {
        var result: [String: ScopeSpan] = [:]
        for (key, span) in zip(keys, spans) {
            let name = String(decoding: key, as: UTF8.self)
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

    private func equal(_ key: [UInt8], _ name: UnsafeRawBufferPointer) -> Bool {
        guard key.count == name.count else { return false }
        return key.withUnsafeBytes { k in
            guard let a = k.baseAddress, let b = name.baseAddress else { return true }
            return memcmp(a, b, key.count) == 0
        }
    }

    private func fnv1a(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes {
            h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3
        }
        return h
    }
}
