import Foundation

/// What a reader must get right about one incident, independently of how the report is
/// laid out: decoded from a JSON report (contract §2) with `JSONSerialization`, or written
/// by hand from incident-model.md. Comparing the two catches a wrong answer even when the
/// golden file was regenerated from it.
struct IncidentEssentials: Equatable, Sendable, CustomStringConvertible {
    var rule: String
    var kind = "store-purge"
    var verdict: String
    var confidence: Double
    var reason: String?
    var device: String
    var process: String? = "Notefold"
    var pid: Int? = 812
    var outcome: String?
    var coverage: String?
    /// The snapshot's items and the baseline count, as coverage reports them (§6).
    var snapshotItems: Int? = nil
    var baselineItems: Int? = nil
    var restored = false
    var missing: [String]
    var steps: [String]
    /// `count` of the `vacuum_burst` step, when there is one.
    var burstCount: Int? = nil

    var description: String {
        "\(rule) \(verdict) \(confidence) reason=\(reason ?? "-") [\(device) \(process ?? "-") \(pid.map(String.init) ?? "-")] "
            + "outcome=\(outcome ?? "-") coverage=\(coverage ?? "-") snapshot=\(snapshotItems.map(String.init) ?? "-") "
            + "baseline=\(baselineItems.map(String.init) ?? "-") restored=\(restored) burst=\(burstCount.map(String.init) ?? "-") "
            + "missing=\(missing) steps=\(steps)"
    }
}

extension IncidentEssentials {
    /// Reads one incident object of a decoded JSON report.
    init(json incident: [String: Any]) throws {
        let group = try JSONField.object(incident["group"], "group")
        let coverage = incident["coverage"] as? [String: Any]
        let steps = try JSONField.objects(incident["steps"], "steps")
        self.init(
            rule: try JSONField.string(incident["rule"], "rule"),
            kind: try JSONField.string(incident["kind"], "kind"),
            verdict: try JSONField.string(incident["verdict"], "verdict"),
            confidence: try JSONField.double(incident["confidence"], "confidence"),
            reason: JSONField.optionalString(incident["reason"]),
            device: try JSONField.string(group["device"], "group.device"),
            process: JSONField.optionalString(group["process"]),
            pid: JSONField.optionalInt(group["pid"]),
            outcome: JSONField.optionalString(incident["outcome"]),
            coverage: coverage.flatMap { JSONField.optionalString($0["verdict"]) },
            snapshotItems: (coverage?["snapshot"] as? [String: Any]).flatMap { JSONField.optionalInt($0["items"]) },
            baselineItems: coverage.flatMap { JSONField.optionalInt($0["baseline_items"]) },
            restored: coverage?["restored"] as? Bool ?? false,
            missing: try JSONField.strings(incident["missing"], "missing"),
            steps: try steps.map { try JSONField.string($0["signal"], "steps.signal") },
            burstCount: steps.first { $0["signal"] as? String == "vacuum_burst" }
                .flatMap { ($0["fields"] as? [String: Any]).flatMap { JSONField.optionalInt($0["count"]) } })
    }
}
