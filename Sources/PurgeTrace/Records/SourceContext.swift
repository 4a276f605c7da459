/// Options that say how to read times that lack a zone, a year or a date.
public struct TimeOptions: Sendable {
    /// `--timezone`: zone for timestamps that carry none.
    public var zone: ZoneRule?
    /// `--year`: for formats without a year.
    public var year: Int?
    /// `--date` (local date of the first row): for formats without a date.
    public var date: CivilTime?
    /// Capture time found in a sysdiagnose archive's name (with its offset): the fallback
    /// for the year and the date, and for the zone when none was given.
    public var captureTime: Instant?
    public var captureOffset: Int?

    public init(zone: ZoneRule? = nil, year: Int? = nil, date: CivilTime? = nil,
                captureTime: Instant? = nil, captureOffset: Int? = nil) {
        self.zone = zone
        self.year = year
        self.date = date
        self.captureTime = captureTime
        self.captureOffset = captureOffset
    }
}

/// What a parser knows about the source it reads and what it reports back:
/// warnings, undecodable lines, and where its zone and date came from.
public final class SourceContext {
    /// The source's name as reported (`logs/a.log`, `case.tar.gz!/case/system_log.txt`).
    public let path: String
    public let time: TimeOptions
    /// Process name for records of formats that carry none (a CocoaLumberjack file's name prefix).
    public var processFromFileName: String?

    public private(set) var warnings: [String] = []
    /// Lines that could not be decoded (bad JSON, invalid UTF-8 where it matters).
    public var undecodable = 0
    /// Where timestamps' zone came from, e.g. "offset in each timestamp", "--timezone Asia/Seoul",
    /// "assumed UTC (no --timezone)".
    public var zoneOrigin: String?
    /// Where a missing year or date came from, e.g. "--year 2025", "sysdiagnose capture time".
    public var dateOrigin: String?
    /// What `zoneOrigin` is made of (so the contexts of a source's byte ranges can be joined).
    var zoneEvidence = ZoneEvidence()

    public init(path: String, time: TimeOptions = TimeOptions()) {
        self.path = path
        self.time = time
    }

    /// Adds a warning once (repeated messages are counted, not repeated).
    public func warn(_ message: String) {
        if !warnings.contains(message) { warnings.append(message) }
    }

    /// Joins what the parser of the next byte range of the same source reported, as if one
    /// parser had read both ranges: warnings in order of first appearance, counts added,
    /// the zone origin made of everything either saw.
    func append(_ later: SourceContext) {
        for warning in later.warnings { warn(warning) }
        undecodable += later.undecodable
        let joined = zoneEvidence.joined(with: later.zoneEvidence)
        if joined != zoneEvidence {
            zoneEvidence = joined
            zoneOrigin = joined.origin
        }
        if dateOrigin == nil { dateOrigin = later.dateOrigin }
    }
}
