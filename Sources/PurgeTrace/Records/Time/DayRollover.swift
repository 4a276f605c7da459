/// Dates the rows of a log whose timestamps have a time of day but no date (Console.app
/// copies).
///
/// The first row's local date is `--date`, else the local date of the sysdiagnose
/// capture, else the command stops asking for `--date`. Rows are mostly in order but
/// not strictly (Console sorts by arrival): a time that jumps back by more than 12 hours
/// is the next day; smaller backward steps are just unsorted rows.
struct DayRollover {
    private var day: Int64?
    private var last: Int64?

    static let threshold: Int64 = 12 * 3600

    /// The local time of a time-of-day stamp as seconds since the epoch (civil fields read
    /// as UTC); comparing local times is exact enough for a 12-hour threshold.
    mutating func localSeconds(_ stamp: Stamp, context: SourceContext) throws(ToolError) -> Int64 {
        var today: Int64
        if let day {
            today = day
        } else {
            today = try DayRollover.firstDay(context: context)
        }
        var t = stamp.localSeconds(days: today)
        if let last, t < last - DayRollover.threshold {
            today += 1
            t = stamp.localSeconds(days: today)
        }
        day = today
        last = t
        return t
    }

    private static func firstDay(context: SourceContext) throws(ToolError) -> Int64 {
        if let date = context.time.date {
            context.dateOrigin = "--date \(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2))"
            return Int64(CivilTime.days(fromCivil: date.year, date.month, date.day))
        }
        if let capture = context.time.captureTime {
            let c = CivilTime(instant: capture, offsetSeconds: context.time.captureOffset ?? 0)
            context.dateOrigin = "first row dated \(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2)), the sysdiagnose capture date"
            return Int64(CivilTime.days(fromCivil: c.year, c.month, c.day))
        }
        throw ToolError("\(context.path): Console.app rows have a time but no date; pass --date YYYY-MM-DD (the first row's local date)")
    }
}
