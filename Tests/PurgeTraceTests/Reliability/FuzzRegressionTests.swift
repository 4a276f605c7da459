import Foundation
import Testing
@testable import PurgeTrace

/// Every crash the fuzzers found, replayed (docs/reliability.md lists them). The inputs
/// are in `Fixtures/reliability/fuzz/` and, as seeds, in `fuzz/corpus/<target>/`.
@Suite struct FuzzRegressionTests {
    /// pipeline target: an ndjson export with one timestamp in the year 4052. The stamp
    /// wrapped Int64 nanoseconds, the HTML report's time axis took the span between the
    /// wrapped and the real times, and a Double → Int64 conversion trapped.
    @Test func yearFortyFiftyTwoInAnNDJSONExportRendersEveryReport() throws {
        let input = Hazard.fixture("fuzz/pipeline-year-4052.ndjson")
        for format in ["text", "markdown", "json", "html"] {
            let run = try ChildRun.run(["analyze", "--format", format, input], timeout: 120)
            #expect(run.status == 0, "\(format): status \(String(describing: run.status)), signal \(String(describing: run.signal))")
        }
    }

    /// The same trap reached directly: an axis over instants centuries apart, and one over
    /// the whole Int64 range, lays out without trapping and stays inside its bounds.
    @Test func aTimeAxisOverAnyTwoInstantsStaysFinite() {
        let spans: [(Int64, Int64)] = [(.min, .max), (-9_000_000_000_000_000_000, 9_000_000_000_000_000_000), (0, 1), (5, 5)]
        for (a, b) in spans {
            let axis = TimeAxis(from: Instant(nanoseconds: a), to: Instant(nanoseconds: b), x0: 50, x1: 970)
            for t in [a, b, a / 2 + b / 2, .min, .max] {
                let x = axis.x(Instant(nanoseconds: t))
                #expect(x.isFinite && x >= 50 && x <= 970, "x(\(t)) = \(x) on [\(a), \(b)]")
            }
            #expect(axis.ticks().count <= 50)
            _ = axis.spansDays
        }
        #expect(TimeAxis.number(.infinity) == "0" && TimeAxis.number(.nan) == "0")
        #expect(TimeAxis.number(1e300) == "1000000000000000")
        #expect(TimeAxis.number(-12.34) == "-12.3")
    }
}
