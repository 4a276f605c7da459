// Batch scans (issue 6): many cases into one database, on all cores, resumable,
// shardable across machines, mergeable.
//
// A scan is `ingest` made for thousands of units: units are read and matched on
// `jobs` workers and committed on the calling thread in unit order (`OrderedWorkers`),
// one transaction per unit, so the database never depends on the worker count and a
// killed run leaves whole units. Nothing of a unit outlives its commit: the run keeps
// counts, not analyses, so memory is a few units' signals whatever the corpus size; the
// report is read back from the database unit by unit (`ScanReport`).
//
// A re-run skips units already done. Knowing a unit's identity (contract §1) means
// hashing all of it, so the database remembers each unit's identity by (path, size,
// mtime) in `unit_cache`; only a unit that changed, or was never seen, is read again —
// and if its identity is then found present, nothing is added. A unit whose content did
// change replaces what the database held for its path (a bundle that was still being
// uploaded at the last scan must not count its logs twice). A unit that cannot be
// analysed (`ScanUnitCheck`) is recorded with status `error` and tried again next time.

/// Runs a scan of planned units into a timeline database.
public struct ScanRunner {
    public let analyzer: Analyzer
    public let rules: RuleSet
    public let databasePath: String

    public init(analyzer: Analyzer, rules: RuleSet, databasePath: String) {
        self.analyzer = analyzer
        self.rules = rules
        self.databasePath = databasePath
    }

    /// Scans `units` (from `ScanPlanner`) into the database.
    /// - Parameter progress: called on the calling thread after planning, after each unit and at the end.
    /// - Throws: `ToolError` naming the database when it cannot be opened or written. A unit
    ///   that cannot be read never throws: it is recorded as failed and the scan goes on.
    @discardableResult
    public func run(units: [ScanUnit], progress: ((ScanProgress) -> Void)? = nil) throws(ToolError) -> ScanTally {
        let store = try TimelineStore(path: databasePath, access: .readWrite)
        try store.recordRules(ScanRunner.rulesInfo(rules))
        try store.dropSupersededErrors()

        var tally = ScanTally()
        tally.units = units.count
        var pending: [(unit: ScanUnit, cacheEntry: UnitCacheEntry?)] = []
        for unit in units {
            let entry = ScanFingerprint.of(path: unit.fileSystemPath)
                .map { UnitCacheEntry(key: unit.path, size: $0.size, modified: $0.modified) }
            if let entry, try store.isDone(entry) {
                tally.skipped += 1
                continue
            }
            pending.append((unit, entry))
            tally.bytesToRead += entry?.size ?? 0
        }
        tally.toRead = pending.count
        progress?(ScanProgress(stage: .planned, tally: tally))

        let analyzer = self.analyzer
        let toRead = pending.map(\.unit.unit)
        let work: @Sendable (Int) -> ScanRead = { i in ScanRead(unit: toRead[i], analyzer: analyzer) }
        do {
            try OrderedWorkers.run(count: pending.count, workers: analyzer.options.jobs, work: work) { i, read in
                let (unit, entry) = pending[i]
                let report = try commit(read, of: unit, cacheEntry: entry, into: store)
                tally.read += 1
                tally.bytesRead += report.bytes
                switch report.status {
                case .committed:
                    tally.committed += 1
                    tally.incidents += report.incidents
                case .alreadyPresent: tally.alreadyPresent += 1
                case .failed: tally.failed += 1
                }
                progress?(ScanProgress(stage: .unit(report), tally: tally))
            }
        } catch let error as ToolError {
            throw error
        } catch {
            throw ToolError("database \(databasePath): \(error)")
        }
        progress?(ScanProgress(stage: .finished, tally: tally))
        return tally
    }

    /// Commits one unit's read: its evidence with the device's recomputed incidents, or
    /// its failure.
    private func commit(_ read: ScanRead, of unit: ScanUnit, cacheEntry: UnitCacheEntry?,
                        into store: TimelineStore) throws -> ScanUnitReport {
        let bytes = cacheEntry?.size ?? 0
        switch read {
        case .failed(let reason):
            let failed = UnitCommit(path: unit.path, sha256: ScanUnitCheck.failureIdentity(path: unit.path),
                                    device: unit.unit.device, error: reason)
            try store.commit(failed) { _ in DeviceCorrelation() }
            return ScanUnitReport(path: unit.path, status: .failed(reason), bytes: bytes, incidents: 0)
        case .evidence(let evidence):
            let identity = evidence.identity
            var commit = UnitCommit(path: unit.path, sha256: identity, device: unit.unit.device, sources: evidence.sources,
                                    signals: evidence.signals, warnings: evidence.warnings)
            commit.cacheEntry = cacheEntry
            let analyzer = self.analyzer
            let recompute: (DeviceSnapshot) -> DeviceCorrelation = { snapshot in
                DeviceCorrelation(analyzer.correlate(device: snapshot.device, sources: snapshot.sources, signals: snapshot.signals))
            }
            // The case at this path changed since it was scanned: the new content replaces
            // the old (a re-uploaded or completed bundle must not count its logs twice).
            for device in try store.removeUnits(path: unit.path, except: identity) where try store.hasSources(device: device) {
                _ = try store.recorrelate(device: device, recompute: recompute)
            }
            let result = try store.commit(commit, recompute: recompute)
            try store.dropErrors(path: unit.path)
            let status: ScanUnitReport.Status = result.status == .committed ? .committed : .alreadyPresent
            return ScanUnitReport(path: unit.path, status: status, bytes: bytes, incidents: result.incidents)
        }
    }

    /// The rule set as the database records it.
    static func rulesInfo(_ rules: RuleSet) -> RulesInfo {
        RulesInfo(loaded: rules.count,
                  rules: (rules.eventRules.map(\.header) + rules.correlationRules.map(\.header)).map(RulesInfo.Entry.init))
    }
}
