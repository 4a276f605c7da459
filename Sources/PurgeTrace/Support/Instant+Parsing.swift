extension Instant {
    /// Parses ISO 8601 as users type it in options: `2026-03-14`, `2026-03-14T01:02:03`,
    /// `2026-03-14 01:02:03.5`, with `Z` or `±hh:mm`/`±hhmm`. Without an offset the time is UTC.
    public init?(iso8601 text: String) {
        var s = ByteScanner(Array(text.utf8))
        guard let year = s.digits(4), s.expect(UInt8(ascii: "-")), let month = s.digits(2),
              s.expect(UInt8(ascii: "-")), let day = s.digits(2) else { return nil }
        var civil = CivilTime(year: year, month: month, day: day)
        var offset = 0
        if !s.atEnd {
            guard s.expect(UInt8(ascii: "T")) || s.expect(UInt8(ascii: " ")) || s.expect(UInt8(ascii: "t")),
                  let h = s.digits(2), s.expect(UInt8(ascii: ":")), let m = s.digits(2) else { return nil }
            civil.hour = h
            civil.minute = m
            if s.expect(UInt8(ascii: ":")) {
                guard let sec = s.digits(2) else { return nil }
                civil.second = sec
                if s.expect(UInt8(ascii: ".")) || s.expect(UInt8(ascii: ",")) {
                    guard let nanos = s.fraction() else { return nil }
                    civil.nanosecond = nanos
                }
            }
            if s.expect(UInt8(ascii: "Z")) || s.expect(UInt8(ascii: "z")) {
                offset = 0
            } else if let o = s.offset() {
                offset = o
            }
            guard s.atEnd else { return nil }
        }
        guard civil.isValid else { return nil }
        self = civil.instant(offsetSeconds: offset)
    }
}

/// A tiny cursor over ASCII bytes for fixed-shape timestamps.
struct ByteScanner {
    let bytes: [UInt8]
    var i = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    var atEnd: Bool { i >= bytes.count }

    mutating func expect(_ b: UInt8) -> Bool {
        guard i < bytes.count, bytes[i] == b else { return false }
        i += 1
        return true
    }

    mutating func digits(_ n: Int) -> Int? {
        guard i + n <= bytes.count else { return nil }
        var v = 0
        for k in 0..<n {
            let c = bytes[i + k]
            guard c >= 48 && c <= 57 else { return nil }
            v = v * 10 + Int(c - 48)
        }
        i += n
        return v
    }

    /// Fraction digits after the dot, as nanoseconds (extra digits are truncated).
    mutating func fraction() -> Int? {
        var v = 0, n = 0
        while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 {
            if n < 9 { v = v * 10 + Int(bytes[i] - 48) }
            n += 1
            i += 1
        }
        guard n > 0 else { return nil }
        if n < 9 { for _ in n..<9 { v *= 10 } }
        return v
    }

    /// `+hh:mm`, `+hhmm` or `+hh`, in seconds east of UTC.
    mutating func offset() -> Int? {
        guard i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") else { return nil }
        let negative = bytes[i] == UInt8(ascii: "-")
        i += 1
        guard let h = digits(2) else { return nil }
        _ = expect(UInt8(ascii: ":"))
        let m = digits(2) ?? 0
        guard h <= 18, m < 60 else { return nil }
        let seconds = h * 3600 + m * 60
        return negative ? -seconds : seconds
    }
}
