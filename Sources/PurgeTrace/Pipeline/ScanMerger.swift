import Foundation

/// `purgetrace merge OUT.db IN.db...`: combines shard databases into one, so that a
/// report of OUT equals the report of one scan of the whole corpus, byte for byte.
///
/// Whole units, through the same `commit` as a scan (one transaction each; a killed
/// merge leaves whole units and can be run again). Units are merged in the order one scan
/// commits them — by path, across all inputs — so even row order matches. A unit whose
/// identity OUT already has is skipped; a failed unit is skipped when OUT has the path
/// done, and dropped when the path is merged done.
///
/// A device's incidents: sharding splits by unit and a device is one unit, so a device
/// normally lives in one input and OUT has none of it — then its stored correlation is
/// copied with its last unit (no rules needed, exactly what the shard computed). A device
/// found in several inputs, or already in OUT, is recomputed with `recompute`'s analyzer
/// (the rules the command loads), as an ingest would.
public struct ScanMerger {
    public let outputPath: String
    public let inputPaths: [String]
    /// Gives the analyzer that recomputes a device's incidents; called at most once, and
    /// only when some device needs it.
    public let recompute: () throws(ToolError) -> Analyzer

    public init(outputPath: String, inputPaths: [String], recompute: @escaping () throws(ToolError) -> Analyzer) {
        self.outputPath = outputPath
        self.inputPaths = inputPaths
        self.recompute = recompute
    }

    public struct Outcome: Sendable, Equatable {
        public var merged = 0
        public var skipped = 0
        public var failedUnits = 0
        /// Devices whose incidents were recomputed rather than copied.
        public var recomputedDevices = 0
        /// Things the user should know (inputs made with different rules).
        public var warnings: [String] = []
    }

    /// - Throws: `ToolError` naming the database at fault.
    @discardableResult
    public func run(progress: ((String, Outcome) -> Void)? = nil) throws(ToolError) -> Outcome {
        try checkPaths()
        let inputs = try inputPaths.map { path throws(ToolError) in try TimelineStore(path: path, access: .readOnly) }
        for input in inputs where try input.isRedacted {
            throw ToolError("database \(input.path) was written with --redact: its pseudonyms are its own and cannot be merged; merge unredacted shards and pass --redact to report")
        }
        let out = try TimelineStore(path: outputPath, access: .readWrite)
        guard try !out.isRedacted else {
            throw ToolError("database \(outputPath) was written with --redact; merge into an unredacted database")
        }
        var outcome = Outcome()

        // Every unit of every input, in scan commit order.
        var entries: [Entry] = []
        for (k, input) in inputs.enumerated() {
            for unit in try input.allUnits() { entries.append(Entry(input: k, unit: unit)) }
        }
        entries.sort { a, b in
            if a.unit.path != b.unit.path { return a.unit.path.utf8.lexicographicallyPrecedes(b.unit.path.utf8) }
            return a.input != b.input ? a.input < b.input : a.unit.id < b.unit.id
        }

        // Rules: the first input's; the others should agree.
        var rules: (info: RulesInfo, from: String)?
        for input in inputs {
            guard let info = try input.rulesInfo() else { continue }
            guard let first = rules else {
                rules = (info, input.path)
                continue
            }
            if first.info.loaded != info.loaded || first.info.rules.map(\.id) != info.rules.map(\.id) {
                outcome.warnings.append("\(input.path) was made with other rules (\(info.loaded) loaded) than \(first.from) (\(first.info.loaded)); incidents are as each shard found them")
            }
        }
        if let rules { try out.recordRules(rules.info) }
        try out.dropSupersededErrors()

        // Which devices can take the shard's stored correlation, and with which unit.
        let devicesInOut = try out.devicesWithUnits()
        var inputsOfDevice: [String: Set<Int>] = [:]
        var lastEntry: [String: Int] = [:]
        for (i, entry) in entries.enumerated() where entry.unit.isDone {
            inputsOfDevice[entry.unit.device, default: []].insert(entry.input)
            lastEntry[entry.unit.device] = i
        }
        var analyzer: Analyzer?
        var recomputed: Set<String> = []

        for (i, entry) in entries.enumerated() {
            let input = inputs[entry.input]
            let unit = entry.unit
            defer { progress?(unit.path, outcome) }
            if !unit.isDone {
                if try out.hasDoneUnit(path: unit.path) {
                    outcome.skipped += 1
                    continue
                }
                let failed = UnitCommit(path: unit.path, sha256: unit.sha256, device: unit.device,
                                        error: unit.error ?? "could not be read", warnings: try input.warnings(ofUnit: unit.id))
                try ScanMerger.naming(outputPath) { try out.commit(failed) { _ in DeviceCorrelation() } }
                outcome.merged += 1
                outcome.failedUnits += 1
                continue
            }
            if try out.isUnitDone(sha256: unit.sha256) {
                outcome.skipped += 1
                continue
            }
            guard let contents = try input.unitContents(id: unit.id) else {
                throw ToolError("database \(input.path): unit \(unit.path) vanished while merging")
            }
            let copy = !devicesInOut.contains(unit.device) && inputsOfDevice[unit.device]?.count == 1
            let stored: DeviceCorrelation? = copy
                ? (lastEntry[unit.device] == i ? try input.storedCorrelation(device: unit.device) : DeviceCorrelation())
                : nil
            if !copy && analyzer == nil { analyzer = try recompute() }
            let records = try input.stageRecords(ofUnit: unit.id)
            let recomputing = analyzer
            let result = try ScanMerger.naming(outputPath) {
                try out.commit(contents, records: records) { snapshot in
                    if let stored { return stored }
                    guard let recomputing else { return DeviceCorrelation() }
                    return DeviceCorrelation(recomputing.correlate(device: snapshot.device, sources: snapshot.sources,
                                                                   signals: snapshot.signals))
                }
            }
            try out.dropErrors(path: unit.path)
            if result.status == .committed {
                outcome.merged += 1
                if !copy { recomputed.insert(unit.device) }
            } else {
                outcome.skipped += 1
            }
        }
        outcome.recomputedDevices = recomputed.count
        return outcome
    }

    private struct Entry {
        let input: Int
        let unit: StoredUnit
    }

    /// Usage mistakes: no inputs, an input named twice, OUT among the inputs.
    private func checkPaths() throws(ToolError) {
        guard !inputPaths.isEmpty else { throw ToolError("merge needs at least one IN.db to merge into \(outputPath)") }
        let outReal = ScanMerger.canonical(outputPath)
        var seen: Set<String> = []
        for path in inputPaths {
            let real = ScanMerger.canonical(path)
            guard real != outReal else { throw ToolError("database \(path) is the output of the merge; name it only once, as OUT.db") }
            guard seen.insert(real).inserted else { throw ToolError("database \(path) is given twice") }
        }
    }

    /// Runs a store call whose errors are untyped, keeping `ToolError`s and naming the database in others.
    @discardableResult
    static func naming<T>(_ path: String, _ body: () throws -> T) throws(ToolError) -> T {
        do {
            return try body()
        } catch let error as ToolError {
            throw error
        } catch {
            throw ToolError("database \(path): \(error)")
        }
    }

    /// The resolved path of a file (or the path as given when it does not exist yet).
    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
