/// The pipeline: evidence → records → signals → incidents, one unit (device) at a time.
///
/// Units are independent (evidence of different devices never combines), so they run
/// on `jobs` workers; each worker has its own `RecordMatcher` (PCRE2 scratch is per
/// thread). Results are put back in unit order, so the output never depends on the
/// number of workers or on which finished first.
public final class Analyzer: Sendable {
    public let engine: RuleEngine
    public let correlator: Correlator
    public let options: AnalysisOptions
    public let ruleErrors: [String]
    /// `options.jobs` busy cores in all: a unit being read holds one, and a big plain file
    /// borrows the free ones to be read in byte ranges (so one huge export uses every core).
    public let budget: WorkerBudget

    public init(ruleSet: RuleSet, options: AnalysisOptions, ruleErrors: [String] = []) {
        self.engine = RuleEngine(ruleSet: ruleSet)
        self.correlator = Correlator(ruleSet: ruleSet)
        self.options = options
        self.ruleErrors = ruleErrors
        self.budget = WorkerBudget(workers: options.jobs)
    }

    /// Plans the units of PATH arguments (contract §1, incident-model.md §3).
    public func units(paths: [String]) throws(ToolError) -> [EvidenceUnit] {
        try UnitPlanner.units(paths: paths, sameDevice: options.sameDevice || options.deviceName != nil,
                              deviceName: options.deviceName)
    }

    /// Analyzes PATH arguments in one run.
    public func analyze(paths: [String]) throws(ToolError) -> Analysis {
        let results = try analyze(units: try units(paths: paths))
        return Analyzer.combine(results, rulesLoaded: engine.ruleSet.count, ruleErrors: ruleErrors)
    }

    /// Analyzes units on `options.jobs` workers; the result is in unit order.
    public func analyze(units: [EvidenceUnit]) throws(ToolError) -> [UnitAnalysis] {
        var results: [UnitAnalysis] = []
        let work: @Sendable (Int) -> Result<UnitAnalysis, ToolError> = { i in
            Result { () throws(ToolError) in try self.analyze(unit: units[i]) }
        }
        do {
            try OrderedWorkers.run(count: units.count, workers: options.jobs, work: work) { _, result in
                results.append(try result.get())
            }
        } catch let error as ToolError {
            throw error
        } catch {
            throw ToolError(String(describing: error))
        }
        return results
    }

    /// Reads, matches and correlates one unit.
    public func analyze(unit: EvidenceUnit) throws(ToolError) -> UnitAnalysis {
        let evidence = try collect(unit: unit)
        let correlation = correlate(device: unit.device, sources: evidence.sources, signals: evidence.signals)
        let signals = (evidence.signals + correlation.signals).sorted(by: Signal.evidenceOrder)
        return UnitAnalysis(unit: unit, sources: evidence.sources, signals: signals,
                            incidents: correlation.incidents.sorted(by: Incident.reportOrder),
                            warnings: evidence.warnings + correlation.warnings)
    }

    /// Reads one unit and runs the event rules over it, holding one worker of `budget`
    /// meanwhile (waiting for one to be free); a big plain file borrows more.
    /// - Parameter recordObserver: sees every record after the rules (`--keep-records`).
    public func collect(unit: EvidenceUnit, recordObserver: RecordObserver? = nil) throws(ToolError) -> UnitEvidence {
        let matcher = engine.makeMatcher()
        let collector = SignalCollector(matcher: matcher, observer: recordObserver)
        budget.acquire()
        defer { budget.release() }
        try EvidenceReader(options: options.read, budget: budget).read(unit: unit, into: collector)
        let sources = collector.sources.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        return UnitEvidence(unit: unit, sources: sources, signals: collector.signals.sorted(by: Signal.evidenceOrder),
                            warnings: matcher.warnings)
    }

    /// Correlates everything known of one device (all its sources and event signals).
    public func correlate(device: String, sources: [SourceFacts], signals: [Signal]) -> Correlator.Result {
        correlator.correlate(signals: signals, evidence: DeviceEvidence(device: device, sources: sources))
    }

    /// Merges unit results into one analysis in canonical order.
    public static func combine(_ results: [UnitAnalysis], rulesLoaded: Int, ruleErrors: [String]) -> Analysis {
        var analysis = Analysis(rulesLoaded: rulesLoaded, ruleErrors: ruleErrors)
        for r in results {
            analysis.inputs += r.sources
            analysis.incidents += r.incidents
            analysis.signals += r.signals
            for w in r.warnings where !analysis.warnings.contains(w) { analysis.warnings.append(w) }
        }
        analysis.inputs.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        analysis.incidents.sort(by: Incident.reportOrder)
        analysis.signals.sort(by: Signal.evidenceOrder)
        return analysis
    }
}

