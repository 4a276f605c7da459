import Foundation
import Testing
import PurgeTrace

/// Every format of every sample analysis, compared byte for byte with
/// Fixtures/reports/NAME.FORMAT.golden. After an intended change, regenerate them with
/// `PURGETRACE_UPDATE_GOLDEN=1 swift test --filter GoldenReportTests` (or
/// `scripts/update-golden-reports.sh`) and review the diff.
@Suite struct GoldenReportTests {
    static let update = ProcessInfo.processInfo.environment["PURGETRACE_UPDATE_GOLDEN"] == "1"

    static func extensionName(_ format: ReportOptions.Format) -> String {
        switch format {
        case .text: return "txt"
        case .markdown: return "md"
        case .json: return "json"
        case .html: return "html"
        }
    }

    static let cases: [(String, ReportOptions.Format)] = SampleAnalyses.all.flatMap { sample in
        ReportOptions.Format.allCases.map { (sample.name, $0) }
    }

    @Test(arguments: cases)
    func reportMatchesItsGoldenFile(name: String, format: ReportOptions.Format) throws {
        let analysis = try #require(SampleAnalyses.all.first { $0.name == name }?.analysis)
        let rendered = ReportOptions.writer(for: format).render(analysis, options: ReportOptions())
        let path = TestPaths.fixture("reports/\(name).\(GoldenReportTests.extensionName(format)).golden")
        if GoldenReportTests.update {
            try Data(rendered.utf8).write(to: URL(fileURLWithPath: path))
            return
        }
        let golden = try String(contentsOfFile: path, encoding: .utf8)
        #expect(rendered == golden, "\(path) differs; regenerate with PURGETRACE_UPDATE_GOLDEN=1 if intended")
    }

    /// The same analysis with its inputs, incidents and signals shuffled renders the same bytes.
    @Test func orderOfTheAnalysisDoesNotMatter() {
        var analysis = StoreTestSupport.combined
        let expected = ReportOptions.Format.allCases.map { ReportOptions.writer(for: $0).render(analysis, options: ReportOptions()) }
        analysis.inputs.reverse()
        analysis.incidents.reverse()
        analysis.signals.reverse()
        analysis.warnings.reverse()
        let shuffled = ReportOptions.Format.allCases.map { ReportOptions.writer(for: $0).render(analysis, options: ReportOptions()) }
        #expect(shuffled == expected)
    }
}
