/// The scan report is read back from the database, not from the run: it covers every
/// unit the database holds — those of earlier and of killed runs, and of merged shards —
/// sorted by path, so a resumed scan prints exactly what an uninterrupted one prints.
/// Units are loaded one at a time; memory is one unit's sources and incidents.
public struct ScanReport {
    public let store: TimelineStore

    public init(store: TimelineStore) {
        self.store = store
    }

    /// The rules the database's runs used.
    public var rules: RulesInfo? {
        get throws(ToolError) { try store.rulesInfo() }
    }

    /// Calls `body` with each unit in path order.
    public func forEachArchive(_ body: (ScanArchive) throws -> Void) throws {
        let units = try store.unitsByPath()
        let unitsPerDevice = try store.unitCountsByDevice()
        // For devices with several units: the first (by path) takes incidents no unit claims.
        var firstUnit: [String: Int64] = [:]
        for unit in units where unit.isDone && unitsPerDevice[unit.device, default: 0] > 1 && firstUnit[unit.device] == nil {
            firstUnit[unit.device] = unit.id
        }
        for unit in units {
            let warnings = try store.warnings(ofUnit: unit.id)
            guard unit.isDone else {
                try body(ScanArchive(path: unit.path, device: unit.device, sha256: unit.sha256,
                                     error: unit.error ?? "could not be read", inputs: [], incidents: [], warnings: warnings))
                continue
            }
            let inputs = try store.sources(ofUnit: unit.id)
            var incidents = try store.incidents(ofDevice: unit.device)
            if let first = firstUnit[unit.device] {
                incidents = try claimed(by: inputs, of: unit.device, among: incidents, isFirst: first == unit.id)
            }
            try body(ScanArchive(path: unit.path, device: unit.device, sha256: unit.sha256, error: nil, inputs: inputs,
                                 incidents: incidents, warnings: warnings))
        }
    }

    /// A device with several units (a case re-submitted with changed content) has one set
    /// of incidents; each is listed under the unit its first step was read from, so that
    /// it appears once.
    private func claimed(by inputs: [SourceFacts], of device: String, among incidents: [Incident],
                         isFirst: Bool) throws -> [Incident] {
        let own = Set(inputs.map(\.path))
        let all = try store.sourcePaths(ofDevice: device)
        return incidents.filter { incident in
            guard let source = incident.steps.first?.source, all.contains(source) else { return isFirst }
            return own.contains(source)
        }
    }
}
