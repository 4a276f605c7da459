import Foundation
import Testing

/// Every chain variant of issue 4, from real log text through the whole built binary:
/// the JSON report equals its golden file byte for byte, keeps the contract's invariants,
/// and — decoded with Foundation — says what incident-model.md says it must.
@Suite struct ChainGoldenTests {
    @Test(arguments: ChainCase.all)
    func reportMatchesItsGoldenAndTheIncidentModel(_ chain: ChainCase) throws {
        let json = try ChainRun.analyze(chain.arguments)
        let golden = "\(chain.name).json"
        #expect(try GoldenFile.matches(json, golden), GoldenFile.hint(golden))

        let report = try ChainRun.decode(json)
        #expect(try ReportContract.problems(in: report, fixtures: ChainRun.directory) == [])

        let inputs = try JSONField.objects(report["inputs"], "inputs")
        var formats: [String: String] = [:]
        for input in inputs {
            formats[try JSONField.string(input["path"], "path")] = try JSONField.string(input["format"], "format")
            #expect(try JSONField.int(input["undecodable"], "undecodable") == 0)
            #expect(input["warnings"] as? [String] == [])
        }
        #expect(formats == chain.inputs)

        let incidents = try JSONField.objects(report["incidents"], "incidents").map(IncidentEssentials.init(json:))
        #expect(incidents == chain.incidents)
    }
}
