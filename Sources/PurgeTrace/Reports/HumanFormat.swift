/// Numbers, sizes, times and durations as people read them in the text, Markdown and
/// HTML reports. Integer arithmetic only: no locale, no zone, the same bytes everywhere.
enum HumanFormat {
    /// `2026-03-14 01:02:03.123Z` (UTC, milliseconds truncated).
    static func time(_ t: Instant) -> String {
        let c = CivilTime(instant: t, offsetSeconds: 0)
        return "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2)) \(pad(c.hour, 2)):\(pad(c.minute, 2)):\(pad(c.second, 2)).\(pad(c.nanosecond / 1_000_000, 3))Z"
    }

    /// `01:02:03` for axis labels; `03-14 01:02` when the axis spans days.
    static func axisTime(_ t: Instant, withDate: Bool) -> String {
        let c = CivilTime(instant: t, offsetSeconds: 0)
        if withDate { return "\(pad(c.month, 2))-\(pad(c.day, 2)) \(pad(c.hour, 2)):\(pad(c.minute, 2))" }
        return "\(pad(c.hour, 2)):\(pad(c.minute, 2)):\(pad(c.second, 2))"
    }

    /// `120,345`
    static func count<I: BinaryInteger>(_ n: I) -> String {
        let negative = n < 0
        var digits = Array(String(negative ? -Int64(n) : Int64(n)))
        var out: [Character] = []
        while digits.count > 3 {
            out.insert(contentsOf: [","] + digits.suffix(3), at: 0)
            digits.removeLast(3)
        }
        out.insert(contentsOf: digits, at: 0)
        return (negative ? "-" : "") + String(out)
    }

    /// `3,377,717 bytes (3.2 MiB)`; small sizes without the parenthesis.
    static func bytes(_ n: Int64) -> String {
        let units = ["KiB", "MiB", "GiB", "TiB"]
        guard n >= 1024 else { return "\(count(n)) bytes" }
        var scale: Int64 = 1024
        var unit = 0
        while unit < units.count - 1, n >= scale * 1024 { scale *= 1024; unit += 1 }
        let tenths = (n * 10 + scale / 2) / scale
        return "\(count(n)) bytes (\(tenths / 10).\(tenths % 10) \(units[unit]))"
    }

    /// `20m`, `2m7s`, `30h`, `1d6h`, `12s`, `0.4s`: at most two units, truncated.
    static func duration(seconds value: Double) -> String {
        guard value.isFinite else { return "?" }
        let negative = value < 0
        let v = abs(value)
        var text: String
        if v < 1 {
            let tenths = Int(v * 10)
            text = tenths == 0 && v > 0 ? "<0.1s" : "0.\(tenths)s"
        } else {
            let s = Int64(v)
            let parts: [(Int64, String)] = [(s / 86_400, "d"), (s % 86_400 / 3600, "h"), (s % 3600 / 60, "m"), (s % 60, "s")]
            let first = parts.firstIndex { $0.0 > 0 } ?? 3
            text = "\(parts[first].0)\(parts[first].1)"
            if first < 3, parts[first + 1].0 > 0 { text += "\(parts[first + 1].0)\(parts[first + 1].1)" }
        }
        return negative ? "-" + text : text
    }

    static func duration(_ span: TimeSpan) -> String { duration(seconds: span.seconds) }

    /// `0.92`, `1.0`: the confidence as the JSON report writes it.
    static func confidence(_ c: Double) -> String { JSONValue.format(c) }

    /// Field values as `key=value` pairs, keys sorted.
    static func fields(_ fields: [String: FieldValue]) -> String {
        fields.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }

    /// `source:line`
    static func location(_ source: String, _ line: Int) -> String { "\(source):\(line)" }

    static func plural(_ n: Int, _ word: String, _ plural: String? = nil) -> String {
        "\(count(n)) \(n == 1 ? word : plural ?? word + "s")"
    }
}
