/// Reads one unit: walks its members (files, folders, stdin), opens containers layer by
/// layer, and hands every text source to a `SourceScanner`. Everything that is not read
/// (binary content, a logarchive, a symlink loop, an unreadable entry) becomes a note: a
/// source with `format == nil`, no records and the reason as its warning.
final class UnitWalk {
    static let logarchiveWarning =
        "binary unified log: convert with `log show --style ndjson` on a Mac or with macos-UnifiedLogs"

    let unit: EvidenceUnit
    let sink: RecordSink
    let options: ReadOptions
    let parsers: ParserProvider
    let workers: WorkerBudget?
    /// Reset per member: the decompression total is per PATH argument.
    var budget = DecompressionBudget()

    init(unit: EvidenceUnit, sink: RecordSink, options: ReadOptions, parsers: ParserProvider, workers: WorkerBudget? = nil) {
        self.unit = unit
        self.sink = sink
        self.options = options
        self.parsers = parsers
        self.workers = workers
    }

    func run() throws(ToolError) {
        for member in unit.members {
            budget = DecompressionBudget()
            try read(member: member)
        }
    }

    /// A source that is not read: reported with its reason, no records.
    func note(_ name: String, _ warnings: [String?]) {
        sink.endSource(SourceFacts(path: name, device: unit.device, warnings: warnings.compactMap { $0 }))
    }

    func note(_ name: String, _ warning: String) { note(name, [warning]) }

    /// `--timezone`/`--year`/`--date` as given, plus the capture time of the sysdiagnose the
    /// source is in (the innermost one named along its path).
    func timeOptions(for name: String) -> TimeOptions {
        var time = options.time
        if let capture = SysdiagnoseName.find(inSourcePath: name) {
            time.captureTime = capture.captureTime
            time.captureOffset = capture.offset
        }
        return time
    }
}
