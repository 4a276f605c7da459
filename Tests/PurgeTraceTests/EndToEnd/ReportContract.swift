import Foundation
import PurgeTrace

/// The invariants contract §2 promises for every JSON report, checked on a decoded report:
/// the schema, the summary's counts against the incidents, the sort orders, the time format,
/// steps inside their incident's window, and each id recomputed from its evidence — the
/// SHA-256 of each step's source read from the fixture file itself.
enum ReportContract {
    /// Problems found, one sentence each; empty when the report keeps the contract.
    static func problems(in report: [String: Any], fixtures: URL) throws -> [String] {
        var problems: [String] = []
        if report["schema"] as? String != "purgetrace.report/1" { problems.append("schema is not purgetrace.report/1") }
        let inputs = try JSONField.objects(report["inputs"], "inputs")
        let incidents = try JSONField.objects(report["incidents"], "incidents")
        let summary = try JSONField.object(report["summary"], "summary")

        let paths = try inputs.map { try JSONField.string($0["path"], "inputs.path") }
        if paths != paths.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) { problems.append("inputs not sorted by path") }
        var shaByPath: [String: String] = [:]
        for (path, input) in zip(paths, inputs) {
            let sha = try JSONField.string(input["sha256"], "inputs.sha256")
            shaByPath[path] = sha
            if let bytes = fixtureBytes(path, in: fixtures), SHA256.hex(of: bytes) != sha {
                problems.append("sha256 of \(path) is not the SHA-256 of its bytes")
            }
        }

        func count(_ key: String, _ value: String) -> Int { incidents.filter { $0[key] as? String == value }.count }
        let uncovered = incidents.filter { incident in
            guard let coverage = incident["coverage"] as? [String: Any] else { return false }
            return coverage["verdict"] as? String != "covered"
        }.count
        let expected: [String: Int] = [
            "incidents": incidents.count, "probable": count("verdict", "probable"), "possible": count("verdict", "possible"),
            "lost": count("outcome", "lost"), "recovered": count("outcome", "recovered"),
            "unknown": count("outcome", "unknown"), "uncovered": uncovered,
        ]
        for (key, value) in expected.sorted(by: { $0.key < $1.key }) where JSONField.optionalInt(summary[key]) != value {
            problems.append("summary.\(key) is \(summary[key] ?? "absent"), the incidents say \(value)")
        }

        var previous: (String, String)?
        for incident in incidents {
            let id = try JSONField.string(incident["id"], "id")
            let start = try JSONField.string(incident["start"], "start")
            let end = try JSONField.string(incident["end"], "end")
            if let previous, (previous.0, previous.1) > (start, id) { problems.append("incident \(id) out of order") }
            previous = (start, id)
            if !isCanonicalTime(start) || !isCanonicalTime(end) { problems.append("incident \(id): times not canonical") }
            let steps = try JSONField.objects(incident["steps"], "steps")
            let times = try steps.map { try JSONField.string($0["time"], "steps.time") }
            if times.first != start || times.last != end { problems.append("incident \(id): start/end are not its first/last step") }
            if times != times.sorted() { problems.append("incident \(id): steps out of time order") }
            var parts = [try JSONField.string(incident["rule"], "rule"), try JSONField.string(incident["kind"], "kind")]
            for step in steps {
                let source = try JSONField.string(step["source"], "steps.source")
                parts.append(shaByPath[source] ?? source)
                parts.append(String(try JSONField.int(step["line"], "steps.line")))
                parts.append(try JSONField.string(step["signal"], "steps.signal"))
            }
            if String(SHA256.hex(of: parts.joined(separator: "\u{1f}")).prefix(16)) != id {
                problems.append("incident \(id) is not the hash of its rule, kind and steps")
            }
        }
        return problems
    }

    /// `2026-03-14T01:02:03.123456Z`.
    static func isCanonicalTime(_ text: String) -> Bool {
        let b = Array(text.utf8)
        guard b.count == 27, b[26] == UInt8(ascii: "Z"), b[10] == UInt8(ascii: "T"), b[19] == UInt8(ascii: ".") else { return false }
        return b[20..<26].allSatisfy { $0 >= 48 && $0 <= 57 }
    }

    /// A fixture's bytes: a loose file of the fixture folder, or an archive member through
    /// its loose copy in `sysdiagnose-members/` (the archive is packed from those).
    static func fixtureBytes(_ path: String, in fixtures: URL) -> Data? {
        if let bang = path.range(of: "!/") {
            let name = URL(fileURLWithPath: String(path[bang.upperBound...])).lastPathComponent
            return FileManager.default.contents(atPath: fixtures.appendingPathComponent("sysdiagnose-members/\(name)").path)
        }
        return FileManager.default.contents(atPath: fixtures.appendingPathComponent(path).path)
    }
}
