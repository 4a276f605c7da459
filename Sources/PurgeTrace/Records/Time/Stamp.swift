/// A timestamp as printed in a log line: civil fields and, when the text carries one,
/// its UTC offset. Turning it into an `Instant` is the parser's job, because a missing
/// zone, year or date is filled from options that differ per source.
struct Stamp: Equatable {
    /// 0 when the text has no year.
    var year = 0
    /// 0 when the text has no date.
    var month = 0
    var day = 0
    var hour = 0
    var minute = 0
    var second = 0
    var nanosecond = 0
    /// Seconds east of UTC, when printed (`Z` is 0).
    var offset: Int?

    /// Years a log can carry. Outside them a time is broken (`4052-05-03`): its nanoseconds
    /// since 1970 would wrap Int64 (1678–2262), and two times 292 years apart overflow any
    /// difference taken between them. 1950 leaves room for a reset clock (1969-12-31 with
    /// a negative offset); 2200 is `--year`'s bound.
    static let plausibleYears = 1950...2200
    /// The same bounds as nanoseconds since the epoch (for times given as numbers).
    static let plausibleNanoseconds = -631_152_000e9..<7_258_118_400e9

    /// Seconds since the epoch if the civil fields were UTC (needs a full date).
    @inline(__always) func localSeconds(days: Int64) -> Int64 {
        days &* 86_400 &+ Int64(hour &* 3600 &+ minute &* 60 &+ second)
    }

    var civil: CivilTime {
        CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second, nanosecond: nanosecond)
    }
}
