import Foundation
import Testing

/// What the hazard suites share: a scratch folder per test, the good evidence that must
/// survive beside the bad, and the two outcomes contract §1 allows for bad input —
/// exit 2 with one `purgetrace: error: …` line naming the culprit, or exit 0 with the
/// report still written (and a warning where something was lost).
enum Hazard {
    /// The sample with the purge chain every test expects to still find.
    static let goodSample = TestPaths.sample("lost-purge-log-show.log")

    static func fixture(_ name: String) -> String { TestPaths.fixture("reliability/\(name)") }

    /// A fresh folder holding a copy of the good sample as `good.log`.
    static func folderWithGoodSample(_ label: String) throws -> URL {
        let dir = TestPaths.temporaryDirectory(label)
        try FileManager.default.copyItem(atPath: goodSample, toPath: dir.appendingPathComponent("good.log").path)
        return dir
    }

    /// `analyze --format json ARGS` with a deadline; the run and its report.
    static func analyze(_ arguments: [String], timeout: Double = 300, environment: [String: String] = [:],
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> (ChildRun, ReportDigest) {
        let run = try ChildRun.run(["analyze", "--format", "json"] + arguments, environment: environment, timeout: timeout)
        #expect(!run.timedOut, "analyze hung (killed after \(timeout)s)", sourceLocation: sourceLocation)
        #expect(run.status == 0, "analyze exited \(String(describing: run.status)) / signal \(String(describing: run.signal)): \(run.stderr.prefix(2000))",
                sourceLocation: sourceLocation)
        return (run, try ReportDigest(json: run.stdout))
    }

    /// Exit 2, nothing on stdout, and exactly one error line that names every fragment.
    static func expectOneErrorLine(_ run: ChildRun, naming fragments: [String],
                                   sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!run.timedOut, "hung", sourceLocation: sourceLocation)
        #expect(run.status == 2, "exit \(String(describing: run.status)), signal \(String(describing: run.signal)); stderr: \(run.stderr)",
                sourceLocation: sourceLocation)
        #expect(run.stdout.isEmpty, "a report was written: \(run.stdout.prefix(300))", sourceLocation: sourceLocation)
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 1, "expected one stderr line, got: \(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stderr.hasPrefix("purgetrace: error: "), "stderr: \(run.stderr)", sourceLocation: sourceLocation)
        for fragment in fragments {
            #expect(run.stderr.contains(fragment), "the error does not name '\(fragment)': \(run.stderr)", sourceLocation: sourceLocation)
        }
    }

    /// The good sample was read in full and its purge reported.
    static func expectGoodEvidenceAnalysed(_ report: ReportDigest, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(report.hasTheSamplePurge, "the sample's purge is missing: \(report.incidents.map { "\($0.kind)/\($0.reason ?? "-")/\($0.outcome ?? "-")" })",
                sourceLocation: sourceLocation)
        let good = report.inputs.filter { $0.path.hasSuffix("lost-purge-log-show.log") || $0.path.hasSuffix("good.log") }
        #expect(good.count == 1 && good[0].records == 268 && good[0].warnings.isEmpty,
                "the good sample was not read cleanly: \(good)", sourceLocation: sourceLocation)
    }

    /// True when this process may change ownership and mounts (tests that need root say so and skip).
    static var isRoot: Bool { geteuid() == 0 }
}
