import Foundation
import Testing

/// Each §7 sample, analyzed by the built binary with the shipped rules, reports the
/// incident `samples/README.md` says it shows. Enabled once `analyze` runs (the pipeline is
/// assembled from several pieces of work).
@Suite
struct SampleIncidentTests {
    struct Expectation: Sendable, CustomStringConvertible {
        var sample: String
        var kind: String
        var verdict: String
        var group: [String: String] = [:]
        var coverage: String?
        var description: String { sample }
    }

    static let expectations: [Expectation] = [
        Expectation(sample: "kind-app-deletion.log", kind: "app-deletion", verdict: "probable", coverage: "covered"),
        Expectation(sample: "kind-delete-retry-loop.log", kind: "delete-retry-loop", verdict: "probable",
                    group: ["record": "rec_8F2K1Q"]),
        Expectation(sample: "kind-manifest-before-blob.log", kind: "manifest-before-blob", verdict: "probable",
                    group: ["asset": "IMG_4821-7c1e"]),
        Expectation(sample: "kind-orphaned-blob.log", kind: "orphaned-blob", verdict: "probable",
                    group: ["asset": "IMG_4821-7c1e"]),
        Expectation(sample: "kind-account-mismatch.log", kind: "account-mismatch", verdict: "probable"),
        Expectation(sample: "kind-logout-without-wipe.log", kind: "logout-without-wipe", verdict: "probable"),
    ]

    @Test(arguments: expectations)
    func sampleShowsItsIncident(_ expected: Expectation) throws {
        let report = try SampleAnalysis.analyze(expected.sample)
        let incidents = try #require(report["incidents"] as? [[String: Any]])
        #expect(incidents.count == 1, "\(expected.sample): \(incidents.map { $0["kind"] ?? "?" })")
        let incident = try #require(incidents.first)
        #expect(incident["kind"] as? String == expected.kind)
        #expect(incident["verdict"] as? String == expected.verdict)
        let group = incident["group"] as? [String: Any] ?? [:]
        for (key, value) in expected.group { #expect(group[key] as? String == value) }
        if let coverage = expected.coverage {
            #expect((incident["coverage"] as? [String: Any])?["verdict"] as? String == coverage)
        }
    }
}

enum SampleAnalysis {
    static func analyze(_ sample: String) throws -> [String: Any] {
        let run = try BinaryRun.run(["analyze", "--format", "json", TestPaths.sample(sample)])
        guard run.status == 0, let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        else { throw SampleError(message: "analyze \(sample) exited \(run.status): \(run.stderr)") }
        return object
    }

    struct SampleError: Error { var message: String }

}
