extension Analysis {
    /// The same analysis in the one order every output uses, whatever order the pipeline
    /// or the database produced it in: inputs by path (then device, hash), incidents by
    /// start then id (then device), signals in evidence order (then device).
    public var inReportOrder: Analysis {
        var a = self
        a.inputs.sort(by: Analysis.inputOrder)
        a.incidents.sort { x, y in
            if Incident.reportOrder(x, y) { return true }
            if Incident.reportOrder(y, x) { return false }
            return x.group.device.utf8.lexicographicallyPrecedes(y.group.device.utf8)
        }
        a.signals.sort { x, y in
            if Signal.evidenceOrder(x, y) { return true }
            if Signal.evidenceOrder(y, x) { return false }
            return x.device.utf8.lexicographicallyPrecedes(y.device.utf8)
        }
        return a
    }

    /// Inputs by path, then device, then SHA-256.
    public static func inputOrder(_ a: SourceFacts, _ b: SourceFacts) -> Bool {
        if a.path != b.path { return a.path.utf8.lexicographicallyPrecedes(b.path.utf8) }
        if a.device != b.device { return a.device.utf8.lexicographicallyPrecedes(b.device.utf8) }
        return a.sha256.utf8.lexicographicallyPrecedes(b.sha256.utf8)
    }

    /// Run warnings as reports print them: sorted, each once.
    public var reportWarnings: [String] {
        Array(Set(warnings)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
