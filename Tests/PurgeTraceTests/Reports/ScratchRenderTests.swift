import Foundation
import Testing
@testable import PurgeTrace

@Suite struct ScratchRenderTests {
    @Test func writesAllFormatsToTmp() throws {
        for (name, analysis) in SampleAnalyses.all {
            for format in ReportOptions.Format.allCases {
                let text = ReportOptions.writer(for: format).render(analysis, options: ReportOptions())
                try text.write(toFile: "/tmp/scratch-\(name).\(format.rawValue)", atomically: true, encoding: .utf8)
            }
        }
    }
}
extension ScratchRenderTests {
    @Test func writesHostile() throws {
        for format in ReportOptions.Format.allCases {
            let text = ReportOptions.writer(for: format).render(OutputSafetyTests.hostile, options: ReportOptions())
            try text.write(toFile: "/tmp/scratch-hostile.\(format.rawValue)", atomically: true, encoding: .utf8)
        }
    }
}
extension ScratchRenderTests {
    @Test func dumpTimesketch() throws {
        let lines = TimelineExporter(format: .timesketch).lines(for: SampleAnalyses.possibleIncident)
        try lines.joined().write(toFile: "/tmp/scratch-ts.jsonl", atomically: true, encoding: .utf8)
        print("COUNT", lines.count, lines.map { $0.utf8.filter { $0 == 10 }.count })
    }
}
