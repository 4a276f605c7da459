/// Days since 1970-01-01 of the last civil date asked for: consecutive records share
/// their date, so the calendar arithmetic runs about once per day of log.
struct DayCache {
    private var key = -1
    private var value: Int64 = 0

    @inline(__always) mutating func days(_ year: Int, _ month: Int, _ day: Int) -> Int64 {
        let k = year &* 10_000 &+ month &* 100 &+ day
        if k != key {
            key = k
            value = Int64(CivilTime.days(fromCivil: year, month, day))
        }
        return value
    }

    /// Seconds since the epoch of `stamp`'s civil fields read as UTC.
    @inline(__always) mutating func localSeconds(_ stamp: Stamp) -> Int64 {
        stamp.localSeconds(days: days(stamp.year, stamp.month, stamp.day))
    }

    /// The instant of a stamp that carries its offset.
    @inline(__always) mutating func instant(_ stamp: Stamp, offset: Int) -> Instant {
        Instant(nanoseconds: (localSeconds(stamp) &- Int64(offset)) &* 1_000_000_000 &+ Int64(stamp.nanosecond))
    }
}
