// Time in purgetrace is an integer count of nanoseconds since the Unix epoch, UTC.
// Never a Date, never the machine's zone: the same evidence must give the same bytes
// on every machine. Civil-date arithmetic is done here with integer formulas.

/// A UTC instant with nanosecond precision.
public struct Instant: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public init(seconds: Int64, nanoseconds: Int64 = 0) {
        self.nanoseconds = seconds &* 1_000_000_000 &+ nanoseconds
    }

    public static func < (a: Instant, b: Instant) -> Bool { a.nanoseconds < b.nanoseconds }

    public static func + (a: Instant, d: TimeSpan) -> Instant { Instant(nanoseconds: a.nanoseconds &+ d.nanoseconds) }
    public static func - (a: Instant, d: TimeSpan) -> Instant { Instant(nanoseconds: a.nanoseconds &- d.nanoseconds) }
    public static func - (a: Instant, b: Instant) -> TimeSpan { TimeSpan(nanoseconds: a.nanoseconds &- b.nanoseconds) }

    /// `2026-03-14T01:02:03.123456Z`: UTC, microseconds (truncated), as the JSON report writes times.
    public var iso8601: String { format(offsetSeconds: 0, fractionDigits: 6, zulu: true) }

    /// `2026-03-14 01:02:03Z`-style text for terminals, in UTC, with whole seconds.
    public var shortUTC: String {
        let c = CivilTime(instant: self, offsetSeconds: 0)
        return "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2)) \(pad(c.hour, 2)):\(pad(c.minute, 2)):\(pad(c.second, 2))Z"
    }

    /// ISO 8601 text in a given offset, e.g. `2026-03-14T10:02:03.123+09:00`.
    public func format(offsetSeconds: Int, fractionDigits: Int, zulu: Bool = false) -> String {
        let c = CivilTime(instant: self, offsetSeconds: offsetSeconds)
        var s = "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2))T\(pad(c.hour, 2)):\(pad(c.minute, 2)):\(pad(c.second, 2))"
        if fractionDigits > 0 {
            var fraction = c.nanosecond
            for _ in 0..<(9 - min(fractionDigits, 9)) { fraction /= 10 }
            s += "." + pad(fraction, min(fractionDigits, 9))
        }
        if zulu && offsetSeconds == 0 { return s + "Z" }
        let sign = offsetSeconds < 0 ? "-" : "+"
        let a = abs(offsetSeconds)
        return s + "\(sign)\(pad(a / 3600, 2)):\(pad(a % 3600 / 60, 2))"
    }

    public var description: String { iso8601 }
}

/// A signed length of time in nanoseconds.
public struct TimeSpan: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64
    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }
    public static func seconds(_ s: Int64) -> TimeSpan { TimeSpan(nanoseconds: s * 1_000_000_000) }
    public static func minutes(_ m: Int64) -> TimeSpan { .seconds(m * 60) }
    public static func hours(_ h: Int64) -> TimeSpan { .seconds(h * 3600) }
    public static func < (a: TimeSpan, b: TimeSpan) -> Bool { a.nanoseconds < b.nanoseconds }
    public var seconds: Double { Double(nanoseconds) / 1e9 }

    /// Parses `10s`, `30m`, `1h`, `2d`, `500ms`, or a combination like `1h30m`.
    public init?(parsing text: String) {
        let units: [(String, Int64)] = [("ms", 1_000_000), ("s", 1_000_000_000), ("m", 60_000_000_000),
                                       ("h", 3_600_000_000_000), ("d", 86_400_000_000_000)]
        var total: Int64 = 0
        var rest = Substring(text.trimmingCharacters(in: " "))
        guard !rest.isEmpty else { return nil }
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, let value = Int64(digits), value < 1_000_000_000 else { return nil }
            rest = rest.dropFirst(digits.count)
            guard let unit = units.first(where: { rest.hasPrefix($0.0) && !(($0.0 == "m") && rest.hasPrefix("ms")) })
            else { return nil }
            rest = rest.dropFirst(unit.0.count)
            // A huge value must be an error, not an overflow trap.
            let (product, overflow) = value.multipliedReportingOverflow(by: unit.1)
            guard !overflow else { return nil }
            let (sum, overflow2) = total.addingReportingOverflow(product)
            guard !overflow2 else { return nil }
            total = sum
        }
        self.nanoseconds = total
    }

    /// Compact text: `10s`, `30m`, `1h`, `1h30m`, `2d`, `1.5s` for fractions.
    public var description: String {
        let ns = nanoseconds
        if ns == 0 { return "0s" }
        if ns % 1_000_000_000 != 0 {
            let s = Double(ns) / 1e9
            return "\(s)s"
        }
        var s = abs(ns / 1_000_000_000)
        var parts = ns < 0 ? "-" : ""
        let d = s / 86_400; s %= 86_400
        let h = s / 3600; s %= 3600
        let m = s / 60; s %= 60
        if d > 0 { parts += "\(d)d" }
        if h > 0 { parts += "\(h)h" }
        if m > 0 { parts += "\(m)m" }
        if s > 0 { parts += "\(s)s" }
        return parts
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}

/// Zero-padded decimal.
@inline(__always)
func pad(_ value: Int, _ width: Int) -> String {
    let s = String(value)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
}
