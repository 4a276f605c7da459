/// Supplies the year of yearless timestamps (idevicesyslog's `Mar  4 10:00:00`).
///
/// The first record's year is `--year`, else the sysdiagnose capture's year (the year
/// before when the record's month and day come after the capture's — a log is older than
/// its capture), else the command stops asking for `--year`. After that the log is taken
/// to run forward: a month that jumps back by more than half a year is the next year
/// (Dec 31 → Jan 1); one that jumps forward as much is an unsorted row of the previous year.
struct YearInference {
    private var year = 0
    private var lastMonth = 0

    /// The year of a record dated `month`/`day`.
    mutating func year(month: Int, day: Int, context: SourceContext) throws(ToolError) -> Int {
        if lastMonth == 0 {
            year = try YearInference.firstYear(month: month, day: day, context: context)
            lastMonth = month
            return year
        }
        if month < lastMonth - 6 {
            year += 1
            lastMonth = month
            return year
        }
        if month > lastMonth + 6 { return year - 1 }
        lastMonth = month
        return year
    }

    private static func firstYear(month: Int, day: Int, context: SourceContext) throws(ToolError) -> Int {
        if let year = context.time.year {
            context.dateOrigin = "--year \(year)"
            return year
        }
        if let capture = context.time.captureTime {
            let c = CivilTime(instant: capture, offsetSeconds: context.time.captureOffset ?? 0)
            let year = (month, day) > (c.month, c.day) ? c.year - 1 : c.year
            context.dateOrigin = "year \(year) from the sysdiagnose capture time"
            return year
        }
        throw ToolError("\(context.path): the log has no year; pass --year YYYY")
    }
}
