/// Turns local civil times that carry no offset into instants, for one source.
///
/// The zone is `--timezone`, else the offset in a sysdiagnose archive's name, else UTC
/// with a warning; `origin` says which, for the report. Named zones follow `ZoneRule`'s
/// DST policy (ambiguous → earlier offset, gap → forward). Looking an offset up in the tz
/// database is slow, so it is cached per local hour — but only for hours with a single
/// offset throughout; the few hours that hold a transition are resolved per timestamp.
struct LocalZone {
    let rule: ZoneRule
    let origin: String
    /// Said once, when the first zone-less timestamp is read.
    let warning: String?
    private var fixed: Int?
    private var cachedHour = Int64.min
    private var cachedOffset = 0

    init(rule: ZoneRule, origin: String, warning: String? = nil) {
        self.rule = rule
        self.origin = origin
        self.warning = warning
        if case .fixed(let seconds) = rule.kind { fixed = seconds }
    }

    /// The zone for a source's zone-less timestamps, from its options.
    init(for context: SourceContext) {
        if let zone = context.time.zone {
            self.init(rule: zone, origin: "--timezone \(zone)")
        } else if let offset = context.time.captureOffset {
            let rule = ZoneRule.fixed(offset)
            self.init(rule: rule, origin: "sysdiagnose capture offset \(LocalZone.offsetText(offset))")
        } else {
            self.init(rule: .utc, origin: "assumed UTC: no --timezone",
                      warning: "timestamps carry no zone; read as UTC (pass --timezone ZONE to set it)")
        }
    }

    /// CocoaLumberjack writes UTC since 3.6.2 (device local time before, with no marker),
    /// so its zone is UTC unless `--timezone` says otherwise, and that is not a warning.
    static func lumberjack(for context: SourceContext) -> LocalZone {
        if let zone = context.time.zone { return LocalZone(rule: zone, origin: "--timezone \(zone)") }
        return LocalZone(rule: .utc, origin: "UTC (CocoaLumberjack 3.6.2+ default; pass --timezone for older logs)")
    }

    /// The offset (seconds east) to read the local time `localSeconds` (civil fields as if
    /// UTC) with.
    @inline(__always) mutating func offset(localSeconds: Int64) -> Int {
        if let fixed { return fixed }
        let hour = localSeconds >= 0 ? localSeconds / 3600 : (localSeconds - 3599) / 3600
        if hour == cachedHour { return cachedOffset }
        return lookUp(localSeconds: localSeconds, hour: hour)
    }

    private mutating func lookUp(localSeconds: Int64, hour: Int64) -> Int {
        let start = rule.offset(forLocal: LocalZone.civil(hour * 3600))
        let end = rule.offset(forLocal: LocalZone.civil(hour * 3600 + 3599))
        if start == end {
            cachedHour = hour
            cachedOffset = start
            return start
        }
        // A transition inside this hour: no caching, exact answer.
        cachedHour = .min
        return rule.offset(forLocal: LocalZone.civil(localSeconds))
    }

    private static func civil(_ localSeconds: Int64) -> CivilTime {
        CivilTime(instant: Instant(seconds: localSeconds), offsetSeconds: 0)
    }

    /// `+02:00`, `-05:30`, `+00:00`.
    static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let a = abs(seconds)
        return "\(sign)\(pad(a / 3600, 2)):\(pad(a % 3600 / 60, 2))"
    }
}
