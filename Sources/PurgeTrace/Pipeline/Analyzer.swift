import Dispatch

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

    public init(ruleSet: RuleSet, options: AnalysisOptions, ruleErrors: [String] = []) {
        self.engine = RuleEngine(ruleSet: ruleSet)
        self.correlator = Correlator(ruleSet: ruleSet)
        self.options = options
        self.ruleErrors = ruleErrors
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
        let slots = ResultSlots<Result<UnitAnalysis, ToolError>>(count: units.count)
        let workers = min(options.jobs, units.count)
        if workers <= 1 {
            for (i, unit) in units.enumerated() { slots[i] = Result { () throws(ToolError) in try analyze(unit: unit) } }
        } else {
            DispatchQueue.concurrentPerform(iterations: units.count) { i in
                slots[i] = Result { () throws(ToolError) in try analyze(unit: units[i]) }
            }
        }
        var results: [UnitAnalysis] = []
        for i in units.indices {
            switch slots[i]! {
            case .success(let r): results.append(r)
            case .failure(let e): throw e
            }
        }
        return results
    }

    /// Reads, matches and correlates one unit.
    public func analyze(unit: EvidenceUnit) throws(ToolError) -> UnitAnalysis {
        let matcher = engine.makeMatcher()
        let collector = SignalCollector(matcher: matcher)
        try EvidenceReader(options: options.read).read(unit: unit, into: collector)
        let sources = collector.sources.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        let evidence = DeviceEvidence(device: unit.device, sources: sources)
        let correlation = correlator.correlate(signals: collector.signals, evidence: evidence)
        let signals = (collector.signals + correlation.signals).sorted(by: Signal.evidenceOrder)
        return UnitAnalysis(unit: unit, sources: sources, signals: signals,
                            incidents: correlation.incidents.sorted(by: Incident.reportOrder),
                            warnings: matcher.warnings + correlation.warnings)
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

/// Fixed slots written by concurrent workers, each slot by exactly one worker.
final class ResultSlots<T>: @unchecked Sendable {
    private var storage: [T?]
    private let lock = NSLockLike()
    init(count: Int) { storage = Array(repeating: nil, count: count) }
    subscript(i: Int) -> T? {
        get { lock.withLock { storage[i] } }
        set { lock.withLock { storage[i] = newValue } }
    }
}
