/// One unit after reading on a worker: its evidence, or why it cannot be analysed.
enum ScanRead: Sendable {
    case evidence(UnitEvidence)
    case failed(String)

    init(unit: EvidenceUnit, analyzer: Analyzer) {
        do {
            let evidence = try analyzer.collect(unit: unit)
            if let reason = ScanUnitCheck.failure(of: evidence) {
                self = .failed(reason)
            } else {
                self = .evidence(evidence)
            }
        } catch {
            self = .failed(ScanUnitCheck.failure(stopped: error, unitPath: unit.device))
        }
    }
}
