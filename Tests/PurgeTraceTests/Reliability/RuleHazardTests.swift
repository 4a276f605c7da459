import Foundation
import Testing

/// Hostile or broken rule files given with `--rules` (contract §4): a pattern that
/// backtracks forever is cut by PCRE2's match limit with a warning naming the rule; an
/// invalid file stops a command that runs rules with one line naming file, line and rule.
@Suite struct RuleHazardTests {
    func ruleFile(_ text: String, name: String = "user.yml") throws -> String {
        let path = TestPaths.temporaryDirectory("rules").appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aCatastrophicRegexEndsWithAWarningNamingTheRule() throws {
        let rules = try ruleFile("""
            id: user.backtracking
            title: Nested quantifiers
            level: low
            match:
              - "^(\\\\w+\\\\s?)*$"
            """)
        let dir = try Hazard.folderWithGoodSample("redos")
        // Long runs of words ending in a character that makes the match fail late.
        let lines = (0..<50).map { _ in HostileLogs.recordLine(String(repeating: "aaaa ", count: 2000) + "!") }
        try lines.joined(separator: "\n").write(to: dir.appendingPathComponent("words.log"), atomically: true, encoding: .utf8)
        let (run, report) = try Hazard.analyze(["--same-device", "--rules", rules, dir.path], timeout: 120)
        #expect(run.seconds < 60, "took \(run.seconds) s")
        #expect(run.stderr.contains("rule user.backtracking (\(rules):1) hit the PCRE2 match limit"), "\(run.stderr)")
        #expect(run.stderr.contains("treated as not matching"))
        Hazard.expectGoodEvidenceAnalysed(report)
    }

    @Test(arguments: ["analyze", "ingest"])
    func anInvalidRegexExitsTwoNamingFileLineAndRule(command: String) throws {
        let rules = try ruleFile("""
            id: user.fine
            title: Fine
            level: low
            match: ["fine"]
            ---
            id: user.broken
            title: Broken pattern
            level: low
            match:
              - "(unclosed"
            """)
        let db = TestPaths.temporaryDirectory("rules-db").appendingPathComponent("t.db").path
        let arguments = command == "ingest" ? ["ingest", "--db", db] : ["analyze"]
        let run = try ChildRun.run(arguments + ["--rules", rules, Hazard.goodSample])
        Hazard.expectOneErrorLine(run, naming: ["\(rules):10: user.broken:", "invalid regex", "missing closing parenthesis"])
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func anUnknownKeyExitsTwoNamingIt() throws {
        let rules = try ruleFile("""
            id: user.colourful
            title: Unknown key
            level: low
            colour: red
            match: ["x"]
            """)
        let run = try ChildRun.run(["analyze", "--rules", rules, Hazard.goodSample])
        Hazard.expectOneErrorLine(run, naming: ["\(rules):4: user.colourful:", "unknown key 'colour'"])
    }

    @Test func duplicateIdsExitTwoNamingBothPlaces() throws {
        let rules = try ruleFile("""
            id: user.twice
            title: First
            level: low
            match: ["a"]
            ---
            id: user.twice
            title: Second
            level: low
            match: ["b"]
            """)
        let run = try ChildRun.run(["analyze", "--rules", rules, Hazard.goodSample])
        Hazard.expectOneErrorLine(run, naming: ["\(rules):6: user.twice:", "duplicate id 'user.twice'", "\(rules):1"])
    }

    @Test func anIdThatShadowsAShippedRuleIsADuplicateToo() throws {
        let rules = try ruleFile("""
            id: coredata.reset_sync_will
            title: Shadow
            level: low
            match: ["x"]
            """)
        let run = try ChildRun.run(["analyze", "--rules", rules, Hazard.goodSample])
        Hazard.expectOneErrorLine(run, naming: ["duplicate id 'coredata.reset_sync_will'", "coredata-cloudkit.yml"])
    }

    @Test func aRuleFileThatIsNotYAMLExitsTwoNamingIt() throws {
        var generator = SeededGenerator(seed: 3)
        let junk = Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let path = TestPaths.temporaryDirectory("rules").appendingPathComponent("junk.yml").path
        _ = FileManager.default.createFile(atPath: path, contents: junk)
        let run = try ChildRun.run(["analyze", "--rules", path, Hazard.goodSample])
        Hazard.expectOneErrorLine(run, naming: [path])
    }
}
