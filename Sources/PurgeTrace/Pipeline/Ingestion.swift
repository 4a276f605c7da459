/// Adds units of evidence to a timeline database: read and match on the workers,
/// commit on the calling thread in unit order, one transaction per unit (so a killed
/// run leaves whole units only, and the database never depends on the worker count).
/// Each commit recomputes the device's incidents from everything the database holds
/// for it, so `report` on the database equals `analyze` of the same files.
public struct Ingestion {
    public let analyzer: Analyzer
    public let rules: RuleSet
    public let databasePath: String
    /// `--keep-records`: every record, not only matched ones, with full-text search.
    public let keepRecords: Bool
    /// `--redact`: personal data is replaced before anything is written.
    public let redact: Bool

    public init(analyzer: Analyzer, rules: RuleSet, databasePath: String, keepRecords: Bool, redact: Bool) {
        self.analyzer = analyzer
        self.rules = rules
        self.databasePath = databasePath
        self.keepRecords = keepRecords
        self.redact = redact
    }

    /// What one unit's commit did, for progress lines and summaries.
    public struct UnitReport: Sendable {
        public var unit: EvidenceUnit
        public var result: CommitResult
        public var sources: Int
        public var bytes: Int64
    }

    public struct Outcome: Sendable {
        /// This run's evidence analyzed on its own (what `analyze` prints).
        public var analysis: Analysis
        public var units: [UnitReport]
        public var committed: Int { units.filter { $0.result.status == .committed }.count }
        public var alreadyPresent: Int { units.filter { $0.result.status == .alreadyPresent }.count }
    }

    public func run(units: [EvidenceUnit], progress: ((UnitReport) -> Void)? = nil) throws(ToolError) -> Outcome {
        let store = try TimelineStore(path: databasePath, access: .readWrite)
        if redact { store.redactor = Redactor() }
        let rulesInfo = RulesInfo(loaded: rules.count, rules: (rules.eventRules.map(\.header) + rules.correlationRules.map(\.header))
            .map(RulesInfo.Entry.init))
        // Units unchanged since a run committed them are not read again (a killed ingest
        // resumes without re-reading what it did), as scan does; they stay in the
        // ordered run so reports keep unit order.
        let cacheEntries = units.map { UnitCacheEntry(ingesting: $0, hashingKey: redact) }
        var unchanged: [Bool] = []
        for entry in cacheEntries { unchanged.append(try entry.map(store.isDone) ?? false) }
        let skip = unchanged
        let analyzer = self.analyzer
        let keep = keepRecords
        let work: @Sendable (Int) -> Result<StagedUnit?, ToolError> = { i in
            Result { () throws(ToolError) in
                if skip[i] { return nil }
                let stage = keep ? try RecordStage() : nil
                let keeper = stage.map(RecordKeeper.init)
                let evidence = try analyzer.collect(unit: units[i], recordObserver: keeper)
                if let failure = keeper?.failure { throw failure }
                return StagedUnit(evidence: evidence, stage: stage)
            }
        }
        var analyses: [UnitAnalysis] = []
        var reports: [UnitReport] = []
        do {
            try OrderedWorkers.run(count: units.count, workers: analyzer.options.jobs, work: work) { i, staged in
                guard let staged = try staged.get() else {
                    let report = UnitReport(unit: units[i], result: CommitResult(status: .alreadyPresent), sources: 0, bytes: 0)
                    reports.append(report)
                    progress?(report)
                    return
                }
                let evidence = staged.evidence
                var unit = UnitCommit(path: units[i].reportedPath, sha256: evidence.identity, device: units[i].device,
                                      sources: evidence.sources, signals: evidence.signals, warnings: evidence.warnings,
                                      rules: rulesInfo)
                unit.cacheEntry = cacheEntries[i]
                let result = try store.commit(unit, records: staged.stage) { snapshot in
                    DeviceCorrelation(analyzer.correlate(device: snapshot.device, sources: snapshot.sources,
                                                         signals: snapshot.signals))
                }
                let correlation = analyzer.correlate(device: units[i].device, sources: evidence.sources, signals: evidence.signals)
                analyses.append(UnitAnalysis(
                    unit: units[i], sources: evidence.sources,
                    signals: (evidence.signals + correlation.signals).sorted(by: Signal.evidenceOrder),
                    incidents: correlation.incidents, warnings: evidence.warnings + correlation.warnings))
                let report = UnitReport(unit: units[i], result: result, sources: evidence.sources.count,
                                        bytes: evidence.sources.reduce(0) { $0 + $1.bytes })
                reports.append(report)
                progress?(report)
            }
        } catch let error as ToolError {
            throw error
        } catch {
            throw ToolError("\(databasePath): \(error)")
        }
        let analysis = Analyzer.combine(analyses, rulesLoaded: rules.count, ruleErrors: [])
        return Outcome(analysis: analysis, units: reports)
    }
}

extension UnitCacheEntry {
    /// An ingest unit's entry in `unit_cache`: the size and time of all its members, under
    /// a key naming the unit and every member (so `--same-device` over other files is
    /// another unit). With `--redact` the key is a digest: the database must not keep the
    /// paths. nil for a unit with standard input among its members, or a member that
    /// cannot be looked at (the read says why).
    init?(ingesting unit: EvidenceUnit, hashingKey: Bool) {
        var size: Int64 = 0, modified: Int64 = 0
        for member in unit.members {
            guard member.fileSystemPath != "-", let own = ScanFingerprint.of(path: member.fileSystemPath) else { return nil }
            size += own.size
            modified = max(modified, own.modified)
        }
        let key = unit.members.count == 1 && unit.members[0].displayName == unit.device
            ? unit.device
            : ([unit.device] + unit.members.map(\.displayName)).joined(separator: "\u{0}")
        self.init(key: hashingKey ? "sha256:" + SHA256.hex(of: key) : key, size: size, modified: modified)
    }
}

/// A unit read on a worker, waiting for its commit.
struct StagedUnit: @unchecked Sendable {
    var evidence: UnitEvidence
    /// Owned by this unit only; handed from the worker to the committing thread once.
    var stage: RecordStage?
}

extension EvidenceUnit {
    /// The unit's path as given (its only member), or its device name when it has several.
    public var reportedPath: String {
        members.count == 1 ? members[0].displayName : device
    }
}
