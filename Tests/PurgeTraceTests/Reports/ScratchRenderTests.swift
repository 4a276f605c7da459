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
