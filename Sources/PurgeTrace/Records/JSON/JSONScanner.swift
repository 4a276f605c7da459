import Foundation

/// A small byte-level reader for one JSON object's top-level members.
///
/// The JSON formats carry a flat object per record; the parsers want a handful of its
/// members as bytes and skip the rest, so there is no tree and no `String` per value:
/// strings are unescaped into a caller's buffer (`\uXXXX` surrogate pairs included, a lone
/// surrogate becomes U+FFFD, `\/` is `/`), numbers are read in place, nested values are
/// skipped. Any syntax error sets `failed`; the caller then counts the record as undecodable.
struct JSONScanner {
    let base: UnsafePointer<UInt8>
    let end: Int
    private(set) var i = 0
    private(set) var failed = false
    private var first = true

    init(_ bytes: UnsafeRawBufferPointer) {
        base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(bitPattern: 1)!
        end = bytes.count
    }

    @inline(__always) private func peek(_ k: Int = 0) -> UInt8 { i + k < end ? base[i + k] : 0 }

    @inline(__always) private mutating func skipWhitespace() {
        while i < end {
            let b = base[i]
            if b == 32 || b == 10 || b == 13 || b == 9 { i += 1 } else { break }
        }
    }

    /// The first `"` or `\` at or after `start` (or `end`), eight bytes at a time: strings
    /// are most of an exported object's bytes.
    @inline(__always) private func quoteOrBackslash(from start: Int) -> Int {
        var i = start
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while i + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            let quotes = word ^ 0x2222_2222_2222_2222
            let slashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
            // A byte is flagged when it is zero; the lowest flag is exact (borrows only go up).
            let found = ((quotes &- ones) & ~quotes | (slashes &- ones) & ~slashes) & highs
            if found != 0 { return i + found.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < end, base[i] != 34, base[i] != 92 { i += 1 }
        return i
    }

    private mutating func fail() -> Bool {
        failed = true
        return false
    }

    /// Enters the object at the current position.
    mutating func beginObject() -> Bool {
        skipWhitespace()
        guard peek() == 123 else { return fail() }
        i += 1
        first = true
        return true
    }

    /// The next member's key (raw bytes between the quotes), positioned at its value; nil
    /// at the closing brace or on error (check `failed`).
    mutating func nextKey() -> Span? {
        skipWhitespace()
        if peek() == 125 {
            i += 1
            return nil
        }
        if !first {
            guard peek() == 44 else { _ = fail(); return nil }
            i += 1
            skipWhitespace()
        }
        first = false
        guard peek() == 34 else { _ = fail(); return nil }
        i += 1
        let start = i
        while true {
            i = quoteOrBackslash(from: i)
            guard i < end, base[i] == 92 else { break }
            i += 2
        }
        guard i < end else { _ = fail(); return nil }
        let key = Span(start, end: i)
        i += 1
        skipWhitespace()
        guard peek() == 58 else { _ = fail(); return nil }
        i += 1
        skipWhitespace()
        return key
    }

    /// True when the key's bytes equal `literal`.
    @inline(__always) func key(_ key: Span, is literal: StaticString) -> Bool {
        key.count == literal.utf8CodeUnitCount && memcmp(base + key.start, literal.utf8Start, key.count) == 0
    }

    /// True when, after the object, only whitespace is left.
    mutating func atEnd() -> Bool {
        skipWhitespace()
        return i == end
    }

    // MARK: values

    /// A string value unescaped into `out` (its span there); nil for `null` or a value of
    /// another type (skipped).
    mutating func string(into out: ByteBuffer) -> Span? {
        guard peek() == 34 else {
            _ = skipValue()
            return nil
        }
        i += 1
        let start = out.count
        var run = i
        while true {
            i = quoteOrBackslash(from: i)
            guard i < end else { break }
            if base[i] == 34 {
                out.append(base + run, count: i - run)
                i += 1
                return Span(start, end: out.count)
            }
            out.append(base + run, count: i - run)
            guard unescape(into: out) else { _ = fail(); return nil }
            run = i
        }
        i = end
        _ = fail()
        return nil
    }

    /// At a backslash: appends the escaped character and moves past the escape.
    private mutating func unescape(into out: ByteBuffer) -> Bool {
        let c = peek(1)
        i += 2
        switch c {
        case 34, 92, 47: out.append(c)
        case 98: out.append(8)
        case 102: out.append(12)
        case 110: out.append(10)
        case 114: out.append(13)
        case 116: out.append(9)
        case 117:
            guard var scalar = hex4() else { return false }
            if scalar >= 0xD800, scalar < 0xDC00 {
                // High surrogate: a low one must follow to make a scalar.
                if peek() == 92, peek(1) == 117 {
                    let save = i
                    i += 2
                    if let low = hex4(), low >= 0xDC00, low < 0xE000 {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        i = save
                        scalar = 0xFFFD
                    }
                } else {
                    scalar = 0xFFFD
                }
            } else if scalar >= 0xDC00, scalar < 0xE000 {
                scalar = 0xFFFD
            }
            JSONScanner.appendUTF8(scalar, to: out)
        default: return false
        }
        return true
    }

    private mutating func hex4() -> UInt32? {
        guard i + 4 <= end else { return nil }
        var v: UInt32 = 0
        for k in 0..<4 {
            let b = base[i + k]
            let d: UInt8
            if b &- 48 < 10 { d = b &- 48 } else if (b | 0x20) &- 97 < 6 { d = (b | 0x20) &- 87 } else { return nil }
            v = v << 4 | UInt32(d)
        }
        i += 4
        return v
    }

    static func appendUTF8(_ scalar: UInt32, to out: ByteBuffer) {
        switch scalar {
        case 0..<0x80: out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6))
            out.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18))
            out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// An integer value (a number without fraction, or a decimal string of one); nil for
    /// anything else (skipped).
    mutating func integer() -> Int64? {
        let b = peek()
        if b == 45 || LineBytes.isDigit(b) {
            let start = i
            guard skipNumber() else { return nil }
            return JSONScanner.integer(base + start, count: i - start)
        }
        if b == 34 {
            let start = i + 1
            guard skipString() else { return nil }
            return JSONScanner.integer(base + start, count: i - 1 - start)
        }
        _ = skipValue()
        return nil
    }

    private static func integer(_ p: UnsafePointer<UInt8>, count: Int) -> Int64? {
        guard count > 0 else { return nil }
        var k = 0
        let negative = p[0] == 45
        if negative { k = 1 }
        guard k < count, count - k <= 18 else { return nil }
        var v: Int64 = 0
        while k < count {
            let d = p[k] &- 48
            guard d < 10 else { return nil }
            v = v * 10 + Int64(d)
            k += 1
        }
        return negative ? -v : v
    }

    /// A number value as a double; nil for anything else (skipped).
    mutating func double() -> Double? {
        let b = peek()
        guard b == 45 || LineBytes.isDigit(b) else {
            _ = skipValue()
            return nil
        }
        let start = i
        guard skipNumber() else { return nil }
        let n = i - start
        guard n < 64 else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: n + 1) { tmp -> Double? in
            for k in 0..<n { tmp[k] = CChar(bitPattern: base[start + k]) }
            tmp[n] = 0
            return strtod(tmp.baseAddress!, nil)
        }
    }

    // MARK: skipping

    /// Skips any value, nested ones included.
    @discardableResult
    mutating func skipValue() -> Bool {
        skipWhitespace()
        let b = peek()
        switch b {
        case 34: return skipString()
        case 123, 91: return skipNested()
        case 116: return literal("true")
        case 102: return literal("false")
        case 110: return literal("null")
        default:
            if b == 45 || LineBytes.isDigit(b) { return skipNumber() }
            return fail()
        }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let n = word.utf8CodeUnitCount
        guard i + n <= end, memcmp(base + i, word.utf8Start, n) == 0 else { return fail() }
        i += n
        return true
    }

    private mutating func skipString() -> Bool {
        i += 1
        while true {
            i = quoteOrBackslash(from: i)
            guard i < end else { break }
            if base[i] == 34 {
                i += 1
                return true
            }
            i += 2
        }
        i = end
        return fail()
    }

    private mutating func skipNumber() -> Bool {
        let start = i
        if peek() == 45 { i += 1 }
        var digits = 0
        while i < end {
            let b = base[i]
            if LineBytes.isDigit(b) || b == 46 || b == 101 || b == 69 || b == 43 || b == 45 {
                if LineBytes.isDigit(b) { digits += 1 }
                i += 1
            } else {
                break
            }
        }
        return digits > 0 && i > start ? true : fail()
    }

    private mutating func skipNested() -> Bool {
        var depth = 0
        while i < end {
            let b = base[i]
            switch b {
            case 34:
                guard skipString() else { return false }
                continue
            case 123, 91: depth += 1
            case 125, 93:
                depth -= 1
                if depth == 0 {
                    i += 1
                    return true
                }
            default: break
            }
            i += 1
        }
        return fail()
    }
}
