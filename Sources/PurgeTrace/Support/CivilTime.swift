/// A calendar date and time of day (proleptic Gregorian), converted to and from
/// instants with integer arithmetic (Howard Hinnant's days-from-civil algorithm).
public struct CivilTime: Equatable, Hashable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    public var nanosecond: Int

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, nanosecond: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
    }

    /// The civil time at `instant` in a fixed offset (seconds east of UTC).
    public init(instant: Instant, offsetSeconds: Int) {
        let total = instant.nanoseconds + Int64(offsetSeconds) * 1_000_000_000
        var seconds = total / 1_000_000_000
        var nanos = total % 1_000_000_000
        if nanos < 0 {
            nanos += 1_000_000_000
            seconds -= 1
        }
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (y, m, d) = CivilTime.civil(fromDays: Int(days))
        self.init(year: y, month: m, day: d, hour: Int(secondOfDay / 3600), minute: Int(secondOfDay % 3600 / 60),
                  second: Int(secondOfDay % 60), nanosecond: Int(nanos))
    }

    /// True for a real calendar date and time of day (leap second 60 is allowed).
    public var isValid: Bool {
        guard (1...12).contains(month), day >= 1, day <= CivilTime.daysInMonth(year: year, month: month) else { return false }
        return (0...23).contains(hour) && (0...59).contains(minute) && (0...60).contains(second)
            && (0..<1_000_000_000).contains(nanosecond)
    }

    /// Seconds since the epoch if this civil time were UTC.
    public var secondsAsUTC: Int64 {
        Int64(CivilTime.days(fromCivil: year, month, day)) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// The instant when this civil time is read in a fixed offset.
    public func instant(offsetSeconds: Int) -> Instant {
        Instant(seconds: secondsAsUTC - Int64(offsetSeconds), nanoseconds: Int64(nanosecond))
    }

    public static func isLeapYear(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a civil date.
    public static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Civil date of a count of days since 1970-01-01.
    public static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? y + 1 : y, m, d)
    }
}
