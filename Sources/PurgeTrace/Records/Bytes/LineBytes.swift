import Foundation

/// One physical line as bytes, with the small scanning helpers the format parsers share.
///
/// Indexes past the end read as 0 (a byte no shape accepts), so fixed-position checks need
/// no separate bounds tests; that keeps timestamp and column parsing branch-light.
struct LineBytes {
    let base: UnsafePointer<UInt8>
    let count: Int

    // Never written after creation; only its address is used for empty lines.
    nonisolated(unsafe) private static let empty: UnsafeMutablePointer<UInt8> = {
        let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        p.initialize(to: 0)
        return p
    }()

    @inline(__always) init(_ raw: UnsafeRawBufferPointer) {
        if let p = raw.baseAddress, raw.count > 0 {
            base = p.assumingMemoryBound(to: UInt8.self)
            count = raw.count
        } else {
            base = UnsafePointer(LineBytes.empty)
            count = 0
        }
    }

    @inline(__always) init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
    }

    @inline(__always) subscript(i: Int) -> UInt8 { i < count && i >= 0 ? base[i] : 0 }

    @inline(__always) var raw: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    @inline(__always) func bytes(_ span: Span) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + span.start, count: span.count)
    }

    @inline(__always) func bytes(from start: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + start, count: max(count - start, 0))
    }

    /// The line from `start` on, as a line of its own.
    @inline(__always) func suffix(from start: Int) -> LineBytes {
        start >= count ? LineBytes(base: base + count, count: 0) : LineBytes(base: base + start, count: count - start)
    }

    // MARK: bytes

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- 48 < 10 }
    @inline(__always) static func isHex(_ b: UInt8) -> Bool { b &- 48 < 10 || (b | 0x20) &- 97 < 6 }
    @inline(__always) static func isSpace(_ b: UInt8) -> Bool { b == 32 || b == 9 }
    @inline(__always) static func isUpper(_ b: UInt8) -> Bool { b &- 65 < 26 }
    @inline(__always) static func isLower(_ b: UInt8) -> Bool { b &- 97 < 26 }
    @inline(__always) static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) &- 97 < 26 }

    @inline(__always) func isDigit(at i: Int) -> Bool { LineBytes.isDigit(self[i]) }

    /// `n` decimal digits at `i`, or -1.
    @inline(__always) func digits(at i: Int, _ n: Int) -> Int {
        guard i >= 0, i + n <= count else { return -1 }
        var v = 0
        for k in 0..<n {
            let d = base[i + k] &- 48
            if d > 9 { return -1 }
            v = v * 10 + Int(d)
        }
        return v
    }

    /// A run of decimal digits at `i` (at most 18): value and end index, or nil.
    @inline(__always) func number(at i: Int) -> (value: Int64, end: Int)? {
        var j = i
        var v: Int64 = 0
        while j < count, j - i < 18 {
            let d = base[j] &- 48
            if d > 9 { break }
            v = v * 10 + Int64(d)
            j += 1
        }
        return j > i ? (v, j) : nil
    }

    /// A run of hex digits at `i` (at most 16): value and end index, or nil.
    @inline(__always) func hexNumber(at i: Int) -> (value: UInt64, end: Int)? {
        var j = i
        var v: UInt64 = 0
        while j < count, j - i < 16 {
            let b = base[j]
            let d: UInt8
            if b &- 48 < 10 { d = b &- 48 } else if (b | 0x20) &- 97 < 6 { d = (b | 0x20) &- 87 } else { break }
            v = v << 4 | UInt64(d)
            j += 1
        }
        return j > i ? (v, j) : nil
    }

    // MARK: searching

    /// First index of `byte` at or after `from` (memchr), or nil.
    @inline(__always) func index(of byte: UInt8, from: Int = 0) -> Int? {
        index(of: byte, from: from, to: count)
    }

    /// First index of `byte` in `[from, to)`, or nil. The first bytes are looked at in
    /// place: what parsers look for (a `:` after a process, a `]`) is usually that close,
    /// and a call to memchr costs more than a dozen compares.
    @inline(__always) func index(of byte: UInt8, from: Int, to: Int) -> Int? {
        let end = min(to, count)
        var i = max(from, 0)
        let near = min(end, i + 16)
        while i < near {
            if base[i] == byte { return i }
            i += 1
        }
        guard i < end else { return nil }
        guard let hit = memchr(base + i, Int32(byte), end - i) else { return nil }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    /// First index in `[from, to)` of a byte equal to `a`, `b` or `c`, or `to` (clamped to
    /// the line) — eight bytes at a time, for the short runs parsers cross (a sender, a
    /// subsystem) where a call to memchr per byte value would cost more.
    @inline(__always) func firstOf(_ a: UInt8, _ b: UInt8, _ c: UInt8, from: Int, to: Int) -> Int {
        let end = min(to, count)
        var i = max(from, 0)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let (ma, mb, mc) = (UInt64(a) &* ones, UInt64(b) &* ones, UInt64(c) &* ones)
        while i + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            let xa = word ^ ma, xb = word ^ mb, xc = word ^ mc
            // A byte is flagged when it is zero; the lowest flag is exact (borrows only go up).
            let found = ((xa &- ones) & ~xa | (xb &- ones) & ~xb | (xc &- ones) & ~xc) & highs
            if found != 0 { return i + found.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < end {
            let byte = base[i]
            if byte == a || byte == b || byte == c { return i }
            i += 1
        }
        return max(end, max(from, 0))
    }

    /// Last index of `byte` before `to`, at or after `from`, or nil.
    @inline(__always) func lastIndex(of byte: UInt8, from: Int = 0, before to: Int) -> Int? {
        var i = min(to, count) - 1
        while i >= from {
            if base[i] == byte { return i }
            i -= 1
        }
        return nil
    }

    /// First index of the two-byte sequence `a b` at or after `from`.
    @inline(__always) func index(of a: UInt8, _ b: UInt8, from: Int = 0) -> Int? {
        var i = from
        while let j = index(of: a, from: i) {
            if j + 1 < count, base[j + 1] == b { return j }
            i = j + 1
        }
        return nil
    }

    /// Index of the first byte at or after `i` that is not a space or tab. Column padding
    /// runs long (`log show` pads to fixed widths), so spaces go eight at a time.
    @inline(__always) func skipSpaces(from i: Int) -> Int {
        var j = i
        while j >= 0, j + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self))
            let other = word ^ 0x2020_2020_2020_2020
            if other != 0 {
                j += other.trailingZeroBitCount >> 3
                break
            }
            j += 8
        }
        while j < count, base[j] == 32 || base[j] == 9 { j += 1 }
        return j
    }

    /// Index of the first space or tab at or after `i` (or `count`).
    @inline(__always) func skipToken(from i: Int) -> Int {
        var j = i
        while j < count, base[j] != 32, base[j] != 9 { j += 1 }
        return j
    }

    /// True when `literal` is at `i`.
    @inline(__always) func matches(_ literal: StaticString, at i: Int) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard i >= 0, i + n <= count else { return false }
        return memcmp(base + i, literal.utf8Start, n) == 0
    }

    @inline(__always) func hasPrefix(_ literal: StaticString) -> Bool { matches(literal, at: 0) }

    /// True when `literal` is at `i`, ignoring ASCII case (literal given in lowercase).
    @inline(__always) func matchesCaseless(_ literal: StaticString, at i: Int) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard i >= 0, i + n <= count else { return false }
        let l = literal.utf8Start
        for k in 0..<n {
            let b = base[i + k]
            let lower = LineBytes.isUpper(b) ? b | 0x20 : b
            if lower != l[k] { return false }
        }
        return true
    }

    /// True when every byte is a space or tab (or the line is empty).
    var isBlank: Bool { skipSpaces(from: 0) == count }

    /// True when the bytes of `span` equal `literal`.
    @inline(__always) func equals(_ span: Span, _ literal: StaticString) -> Bool {
        span.count == literal.utf8CodeUnitCount && matches(literal, at: span.start)
    }
}
