/// Timestamp shapes read at fixed positions, digit by digit, with no allocation.
/// Each returns `.none` when the bytes do not have the shape (the line is not a record
/// start), `.invalid` when they do but a value is impossible (a broken record).
extension LineBytes {
    /// `yyyy-MM-dd HH:mm:ss` or `yyyy-MM-ddTHH:mm:ss`, then an optional `.fraction` and an
    /// optional zone (`Z`, `±hhmm`, `±hh:mm`) directly after it.
    func isoStamp(at i: Int, allowT: Bool = true, allowSpace: Bool = true) -> StampMatch {
        let sep = self[i + 10]
        guard self[i + 4] == 45, self[i + 7] == 45, self[i + 13] == 58, self[i + 16] == 58,
              (sep == 32 && allowSpace) || ((sep == 84 || sep == 116) && allowT) else { return .none }
        let year = digits(at: i, 4), month = digits(at: i + 5, 2), day = digits(at: i + 8, 2)
        let hour = digits(at: i + 11, 2), minute = digits(at: i + 14, 2), second = digits(at: i + 17, 2)
        guard year >= 0, month >= 0, day >= 0, hour >= 0, minute >= 0, second >= 0 else { return .none }
        var stamp = Stamp(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        var j = i + 19
        j = fraction(at: j, into: &stamp)
        if let (offset, end) = zone(at: j) {
            stamp.offset = offset
            j = end
        }
        return LineBytes.validated(stamp, end: j)
    }

    /// `yyyy/MM/dd HH:mm:ss:SSS` (CocoaLumberjack; `.SSS` accepted too).
    func slashStamp(at i: Int) -> StampMatch {
        guard self[i + 4] == 47, self[i + 7] == 47, self[i + 10] == 32, self[i + 13] == 58, self[i + 16] == 58
        else { return .none }
        let year = digits(at: i, 4), month = digits(at: i + 5, 2), day = digits(at: i + 8, 2)
        let hour = digits(at: i + 11, 2), minute = digits(at: i + 14, 2), second = digits(at: i + 17, 2)
        guard year >= 0, month >= 0, day >= 0, hour >= 0, minute >= 0, second >= 0 else { return .none }
        var stamp = Stamp(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        var j = i + 19
        if self[j] == 58 || self[j] == 46, isDigit(at: j + 1) {
            j = fractionDigits(at: j + 1, into: &stamp)
        }
        return LineBytes.validated(stamp, end: j)
    }

    /// `Mmm dd HH:mm:ss` with the day space-padded (`Mar  4`) or not (`Mar 4`), then an
    /// optional fraction. No year: `year` is 0 and only month/day ranges are checked.
    func monthDayStamp(at i: Int) -> StampMatch {
        let month = LineBytes.monthNumber(self[i], self[i + 1], self[i + 2])
        guard month > 0, self[i + 3] == 32 else { return .none }
        var j = i + 4
        if self[j] == 32 { j += 1 }
        let day: Int
        if isDigit(at: j), isDigit(at: j + 1) {
            day = digits(at: j, 2)
            j += 2
        } else if isDigit(at: j) {
            day = digits(at: j, 1)
            j += 1
        } else {
            return .none
        }
        guard self[j] == 32 else { return .none }
        guard case .ok(var stamp, let end) = timeStamp(at: j + 1, allowZone: false) else {
            return isDigit(at: j + 1) ? .invalid : .none
        }
        stamp.month = month
        stamp.day = day
        guard day >= 1, day <= CivilTime.daysInMonth(year: 2000, month: month) else { return .invalid }
        return .ok(stamp, end: end)
    }

    /// `HH:mm:ss` with an optional fraction and (when allowed) a zone; no date.
    func timeStamp(at i: Int, allowZone: Bool = true) -> StampMatch {
        guard self[i + 2] == 58, self[i + 5] == 58 else { return .none }
        let hour = digits(at: i, 2), minute = digits(at: i + 3, 2), second = digits(at: i + 6, 2)
        guard hour >= 0, minute >= 0, second >= 0 else { return .none }
        var stamp = Stamp(hour: hour, minute: minute, second: second)
        var j = fraction(at: i + 8, into: &stamp)
        if allowZone, let (offset, end) = zone(at: j) {
            stamp.offset = offset
            j = end
        }
        guard hour <= 23, minute <= 59, second <= 60 else { return .invalid }
        return .ok(stamp, end: j)
    }

    /// `.digits` (or `,digits`) at `i` into nanoseconds; returns the index after it.
    @inline(__always) func fraction(at i: Int, into stamp: inout Stamp) -> Int {
        guard self[i] == 46 || self[i] == 44, isDigit(at: i + 1) else { return i }
        return fractionDigits(at: i + 1, into: &stamp)
    }

    @inline(__always) private func fractionDigits(at i: Int, into stamp: inout Stamp) -> Int {
        var j = i
        var v = 0
        while j < count {
            let d = base[j] &- 48
            if d > 9 { break }
            if j - i < 9 { v = v &* 10 &+ Int(d) }
            j += 1
        }
        var n = j - i
        while n < 9 {
            v &*= 10
            n += 1
        }
        stamp.nanosecond = v
        return j
    }

    /// `Z`, `±hhmm` or `±hh:mm` at `i`: offset in seconds east of UTC and the end index.
    @inline(__always) func zone(at i: Int) -> (Int, Int)? {
        let b = self[i]
        if b == 90 { return (0, i + 1) }
        guard b == 43 || b == 45 else { return nil }
        let h = digits(at: i + 1, 2)
        guard h >= 0 else { return nil }
        var m = digits(at: i + 3, 2)
        var end = i + 5
        if m < 0, self[i + 3] == 58 {
            m = digits(at: i + 4, 2)
            end = i + 6
        }
        guard m >= 0, h <= 18, m <= 59 else { return nil }
        let seconds = h * 3600 + m * 60
        return (b == 45 ? -seconds : seconds, end)
    }

    private static func validated(_ stamp: Stamp, end: Int) -> StampMatch {
        guard stamp.year == 0 || Stamp.plausibleYears.contains(stamp.year),
              stamp.month >= 1, stamp.month <= 12, stamp.day >= 1,
              stamp.day <= CivilTime.daysInMonth(year: stamp.year, month: stamp.month),
              stamp.hour <= 23, stamp.minute <= 59, stamp.second <= 60 else { return .invalid }
        return .ok(stamp, end: end)
    }

    /// 1...12 for an English month abbreviation (`Jan`…`Dec`, first letter upper case), else 0.
    @inline(__always) static func monthNumber(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Int {
        switch (a, b, c) {
        case (74, 97, 110): return 1   // Jan
        case (70, 101, 98): return 2   // Feb
        case (77, 97, 114): return 3   // Mar
        case (65, 112, 114): return 4  // Apr
        case (77, 97, 121): return 5   // May
        case (74, 117, 110): return 6  // Jun
        case (74, 117, 108): return 7  // Jul
        case (65, 117, 103): return 8  // Aug
        case (83, 101, 112): return 9  // Sep
        case (79, 99, 116): return 10  // Oct
        case (78, 111, 118): return 11 // Nov
        case (68, 101, 99): return 12  // Dec
        default: return 0
        }
    }
}

extension LineBytes {
    /// `Www Mmm dd HH:mm:ss yyyy` (C `asctime`/`ctime`, with an optional fraction).
    func asctimeStamp(at i: Int) -> StampMatch {
        guard LineBytes.isUpper(self[i]), LineBytes.isLower(self[i + 1]), LineBytes.isLower(self[i + 2]),
              self[i + 3] == 32 else { return .none }
        guard case .ok(var stamp, let end) = monthDayStamp(at: i + 4) else { return .none }
        guard self[end] == 32 else { return .none }
        let year = digits(at: end + 1, 4)
        guard year > 0 else { return .none }
        stamp.year = year
        guard Stamp.plausibleYears.contains(year), stamp.day <= CivilTime.daysInMonth(year: year, month: stamp.month) else { return .invalid }
        return .ok(stamp, end: end + 5)
    }

    /// A timestamp at the start of a free-form line: ISO 8601 (`T` or space, optional zone,
    /// also ` +0000` after a space as Swift's `Date` prints it), `yyyy/MM/dd HH:mm:ss`, or
    /// `asctime`, optionally in square brackets. Returns the stamp, the index after it (and
    /// after the closing bracket) and whether it was bracketed.
    func leadingStamp(isoOnly: Bool = false) -> (match: StampMatch, bracketed: Bool) {
        let bracketed = self[0] == 91
        let i = bracketed ? 1 : 0
        var match = isoStamp(at: i)
        if case .ok(var stamp, var end) = match, stamp.offset == nil, self[end] == 32,
           self[end + 1] == 43 || self[end + 1] == 45, isDigit(at: end + 5),
           let (offset, zoneEnd) = zone(at: end + 1), zoneEnd == end + 6 {
            stamp.offset = offset
            end = zoneEnd
            match = .ok(stamp, end: end)
        }
        if !isoOnly, case .none = match { match = slashStamp(at: i) }
        if !isoOnly, case .none = match { match = asctimeStamp(at: i) }
        if bracketed, case .ok(let stamp, let end) = match {
            guard self[end] == 93 else { return (.none, true) }
            return (.ok(stamp, end: end + 1), true)
        }
        return (match, bracketed)
    }
}

extension LineBytes {
    /// `isoStamp(at: 0, allowT:)` for the lines of one source in order: when the first 16
    /// bytes (`yyyy-MM-dd HH:mm`) are those of the last stamp read fine — consecutive
    /// records share them — only the seconds, fraction and zone are read again.
    func isoStampAtStart(allowT: Bool, cache: inout IsoPrefixCache) -> StampMatch {
        guard count >= 19 else { return isoStamp(at: 0, allowT: allowT) }
        let raw = UnsafeRawPointer(base)
        let key0 = raw.loadUnaligned(as: UInt64.self), key1 = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        if let prefix = cache.prefix, key0 == cache.key0, key1 == cache.key1, allowT == cache.allowT {
            // Separators, date, hour and minute are the ones that were read and checked.
            guard self[16] == 58 else { return .none }
            let second = digits(at: 17, 2)
            guard second >= 0 else { return .none }
            var stamp = prefix
            stamp.second = second
            var j = fraction(at: 19, into: &stamp)
            if let (offset, end) = zone(at: j) {
                stamp.offset = offset
                j = end
            }
            return second <= 60 ? .ok(stamp, end: j) : .invalid
        }
        let result = isoStamp(at: 0, allowT: allowT)
        if case .ok(let stamp, _) = result {
            cache.prefix = Stamp(year: stamp.year, month: stamp.month, day: stamp.day, hour: stamp.hour, minute: stamp.minute)
            cache.key0 = key0
            cache.key1 = key1
            cache.allowT = allowT
        }
        return result
    }
}

/// The `yyyy-MM-dd HH:mm` of the last full-date stamp a parser read fine, by its bytes
/// (`LineBytes.isoStampAtStart`).
struct IsoPrefixCache {
    fileprivate var key0: UInt64 = 0
    fileprivate var key1: UInt64 = 0
    fileprivate var allowT = false
    fileprivate var prefix: Stamp?
}
