import Foundation
@testable import PurgeTrace

/// Turns a sample `Analysis` into unit commits the way the pipeline will: one unit per
/// device, event signals with the unit, correlation signals and incidents from the
/// `recompute` closure (here: "correlation" that replays the expected result).
enum StoreTestSupport {
    static func temporaryDatabase(_ label: String = "db") -> String {
        TestPaths.temporaryDirectory(label).appendingPathComponent("timeline.db").path
    }

    static func devices(of analysis: Analysis) -> [String] {
        Array(Set(analysis.inputs.map(\.device))).sorted()
    }

    static func unit(for device: String, of analysis: Analysis, path: String? = nil) -> UnitCommit {
        let sources = analysis.inputs.filter { $0.device == device }
        let signals = analysis.signals.filter { $0.device == device && !SampleAnalyses.correlationRules.contains($0.ruleID) }
        return UnitCommit(path: path ?? device, sha256: UnitIdentity.sha256(of: sources), device: device, sources: sources,
                          signals: signals, rules: RulesInfo(loaded: analysis.rulesLoaded, errors: analysis.ruleErrors))
    }

    /// The device's part of the expected result.
    static func correlation(for device: String, of analysis: Analysis) -> DeviceCorrelation {
        DeviceCorrelation(
            signals: analysis.signals.filter { $0.device == device && SampleAnalyses.correlationRules.contains($0.ruleID) },
            incidents: analysis.incidents.filter { $0.group.device == device }, warnings: [])
    }

    /// Commits every device of `analysis` into `store`.
    static func commitAll(_ analysis: Analysis, into store: TimelineStore) throws {
        for device in devices(of: analysis) {
            try store.commit(unit(for: device, of: analysis)) { _ in correlation(for: device, of: analysis) }
        }
    }

    /// All four samples in one analysis (distinct devices).
    static var combined: Analysis {
        var a = Analysis(rulesLoaded: 42)
        for (_, sample) in SampleAnalyses.all {
            a.inputs += sample.inputs
            a.incidents += sample.incidents
            a.signals += sample.signals
        }
        return a
    }
}
