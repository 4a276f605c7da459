import Testing
import PurgeTrace

@Suite struct RecordMatcherTests {
    private func engine(_ yaml: String, matchLimit: UInt32 = 1_000_000) throws -> RuleEngine {
        let result = RuleTesting.load(yaml)
        try #require(result.errors.isEmpty, "\(result.diagnostics)")
        return RuleEngine(ruleSet: result.ruleSet, matchLimit: matchLimit)
    }

    @Test func signalCarriesTheRecordAndTheSource() throws {
        let e = try engine("""
            id: app.snapshot_written
            signal: snapshot_written
            match: 'SafetySnapshot written: (?<items>\\d+) children, (?<bytes>\\d+) bytes'
            fields: {origin: app}
            """)
        var record = RuleTesting.record("🛟 SafetySnapshot written: 844 children, 3377717 bytes", line: 42)
        record.text = "2025-03-14 09:20:58.004120+0100 Ledger[812:2746911] " + record.message
        let signal = try #require(RuleTesting.signals(e, record).first)
        #expect(signal.name == "snapshot_written")
        #expect(signal.ruleID == "app.snapshot_written")
        #expect(signal.time == record.time)
        #expect(signal.device == "device-a")
        #expect(signal.source == "logs/device.log")
        #expect(signal.sourceSHA256 == "")
        #expect(signal.line == 42)
        #expect(signal.process == "Ledger")
        #expect(signal.pid == 812)
        #expect(signal.fields == ["items": .int(844), "bytes": .int(3_377_717), "origin": .string("app")])
        #expect(signal.text == record.text)
    }

    @Test func integerFieldsParseAsIntegersAndOtherCapturesAsText() throws {
        let e = try engine("""
            id: app.x
            match: 'code=(?<code>[-\\w]+) count=(?<count>\\S+) zone=(?<zone>\\d+)'
            """)
        func fields(_ message: String) -> [String: FieldValue]? { RuleTesting.signals(e, RuleTesting.record(message)).first?.fields }
        #expect(fields("code=-134301 count=7 zone=12") == ["code": .int(-134_301), "count": .int(7), "zone": .string("12")])
        // Not an integer (rules test reports it), and an overflow, stay text.
        #expect(fields("code=abc count=99999999999999999999 zone=1")
            == ["code": .string("abc"), "count": .string("99999999999999999999"), "zone": .string("1")])
    }

    @Test func capturesComeFromTheFirstMatchingPatternThenMatchAll() throws {
        let e = try engine("""
            id: app.x
            match:
              - 'failed: (?<code>\\d+)'
              - 'failed(?: with (?<reason>\\w+))?'
            match-all:
              - 'zone=(?<zone>\\w+)'
            """)
        func fields(_ message: String) -> [String: FieldValue]? { RuleTesting.signals(e, RuleTesting.record(message)).first?.fields }
        #expect(fields("failed: 3 zone=main") == ["code": .int(3), "zone": .string("main")])
        // An unset optional group leaves the field absent.
        #expect(fields("failed zone=main") == ["zone": .string("main")])
        #expect(fields("failed with Timeout zone=z") == ["reason": .string("Timeout"), "zone": .string("z")])
        #expect(fields("failed: 3") == nil)
    }

    @Test func notPatternVetoesAMatch() throws {
        let e = try engine("id: app.x\nmatch: cleanupOrphanedEntities\nnot: ['skipped']\n")
        #expect(RuleTesting.signals(e, RuleTesting.record("cleanupOrphanedEntities: deleted 3")).count == 1)
        #expect(RuleTesting.signals(e, RuleTesting.record("cleanupOrphanedEntities skipped")).isEmpty)
    }

    @Test func caselessRulesIgnoreCase() throws {
        let e = try engine("id: app.x\ncaseless: true\nmatch: 'wal checkpoint'\n")
        #expect(RuleTesting.signals(e, RuleTesting.record("WAL Checkpoint: done")).count == 1)
        #expect(RuleTesting.signals(e, RuleTesting.record("WAL-checkpoint")).isEmpty)
        #expect(RuleTesting.signals(e, RuleTesting.record("wal chec\u{212A}point")).count == 1)
    }

    @Test func invalidUTF8InTheMessageStillMatches() throws {
        let e = try engine("id: app.x\nmatch: 'Items=(?<items>\\d+)'\n")
        let bytes: [UInt8] = [0xFF, 0xFE] + Array(" UC=0, Items=12".utf8)
        var out: [Signal] = []
        let matcher = e.makeMatcher()
        bytes.withUnsafeBytes { buffer in
            let view = RecordView(time: Instant(seconds: 0), utcOffset: nil, text: buffer, message: buffer, line: 1, byteOffset: 0)
            matcher.match(view, source: RuleTesting.source) { out.append($0) }
        }
        #expect(out.first?.fields == ["items": .int(12)])
        #expect(out.first?.text == "\u{FFFD}\u{FFFD} UC=0, Items=12")
    }

    @Test func processIsTakenAsReadOrFromTheSource() throws {
        let e = try engine("id: app.x\nmatch: 'UC='\nwhere: {process: MyApp}\n")
        // The reader applied `--process-alias com.example.myapp=MyApp,MyApp=Other` once
        // already: the matcher must not map MyApp on to Other.
        let aliased = SourceInfo(path: "a.log", device: "d", format: .logShow,
                                 processAliases: ["com.example.myapp": "MyApp", "MyApp": "Other"])
        let byAlias = RuleTesting.signals(e, RuleTesting.record("UC=1", process: "MyApp"), source: aliased)
        #expect(byAlias.first?.process == "MyApp")
        let lumberjack = SourceInfo(path: "MyApp 2025-03-14--09-20-58-004.log", device: "d", format: .lumberjack,
                                    defaultProcess: "MyApp")
        let byFile = RuleTesting.signals(e, RuleTesting.record("UC=1", process: nil, pid: nil), source: lumberjack)
        #expect(byFile.first?.process == "MyApp")
        #expect(byFile.first?.pid == nil)
        #expect(RuleTesting.signals(e, RuleTesting.record("UC=1", process: "Other")).isEmpty)
    }

    @Test func whereValueListGlobAndMissingKey() throws {
        let e = try engine("""
            id: app.x
            match: 'Reset'
            where:
              subsystem: 'com.apple.*'
              level: [error, fault]
              category: CloudKit
            """)
        func matches(subsystem: String?, level: LogLevel?, category: String?) -> Bool {
            !RuleTesting.signals(e, RuleTesting.record("Reset", subsystem: subsystem, category: category, level: level)).isEmpty
        }
        #expect(matches(subsystem: "com.apple.coredata", level: .error, category: "CloudKit"))
        #expect(matches(subsystem: "com.apple.coredata", level: .fault, category: "CloudKit"))
        #expect(!matches(subsystem: "com.apple.coredata", level: .default, category: "CloudKit"))
        #expect(!matches(subsystem: "com.example.app", level: .error, category: "CloudKit"))
        #expect(!matches(subsystem: "com.apple.coredata", level: .error, category: "cloudkit"))
        // An Xcode line has no subsystem: a where on it does not hold.
        #expect(!matches(subsystem: nil, level: .error, category: "CloudKit"))
    }

    @Test func whereComparisonsOnRecordFields() throws {
        let e = try engine("""
            id: app.x
            match: 'Reset'
            where:
              pid: {gte: 100, lt: 1000, neq: 500}
              level: {gte: error}
              format: log-show
            """)
        func matches(pid: Int64?, level: LogLevel = .error) -> Bool {
            !RuleTesting.signals(e, RuleTesting.record("Reset", pid: pid, level: level)).isEmpty
        }
        #expect(matches(pid: 100))
        #expect(matches(pid: 999))
        #expect(!matches(pid: 99))
        #expect(!matches(pid: 1000))
        #expect(!matches(pid: 500))
        #expect(!matches(pid: nil))
        #expect(matches(pid: 812, level: .fault))
        #expect(!matches(pid: 812, level: .default))
        let xcode = SourceInfo(path: "x.log", device: "d", format: .xcodeConsole)
        #expect(RuleTesting.signals(e, RuleTesting.record("Reset", pid: 812, level: .error), source: xcode).isEmpty)
    }

    @Test func conditionsOnSignalFieldsUseStepReferences() {
        let condition = FieldCondition(key: "user", test: .compare([Comparison(.neq, .stepField(step: 1, field: "user"))]))
        let step1: [String: FieldValue] = ["user": .string("alice")]
        let lookup: (Int, String) -> FieldValue? = { step, field in step == 1 ? step1[field] : nil }
        #expect(condition.holds(for: .string("bob"), stepField: lookup))
        #expect(!condition.holds(for: .string("alice"), stepField: lookup))
        #expect(!condition.holds(for: nil, stepField: lookup))
        let items = FieldCondition(key: "items", test: .compare([Comparison(.eq, .value(.int(0)))]))
        #expect(items.holds(for: .int(0)))
        #expect(items.holds(for: .string("0")))
        #expect(!items.holds(for: .int(844)))
    }

    @Test func catastrophicPatternHitsTheMatchLimitWithAWarningNamingTheRule() throws {
        let e = try engine("""
            id: app.slow
            match: '^Start (a+)+$'
            ---
            id: app.fine
            match: 'Start'
            """, matchLimit: 10_000)
        let matcher = e.makeMatcher()
        let evil = "Start " + String(repeating: "a", count: 40) + "b"
        for line in [3, 9, 12] {
            let signals = RuleTesting.signals(e, RuleTesting.record(evil, line: line), matcher: matcher)
            #expect(signals.map(\.ruleID) == ["app.fine"])
        }
        #expect(matcher.warnings == [
            "rule app.slow (test.yml:1) hit the PCRE2 match limit on logs/device.log:3 and 2 more records; treated as not matching",
        ])
        #expect(matcher.stats.matchLimitHits == 3)
    }

    @Test func declaredPrefilterLiteralsDecideWhichRecordsAreTried() throws {
        let e = try engine("""
            id: app.phone
            match: '\\d{3}-\\d{4}'
            prefilter: [Phone, Fax]
            ---
            id: app.vague
            match: '\\d{3}-\\d{4}'
            """)
        #expect(e.prefilterSummary.declared == 1)
        #expect(e.prefilterSummary.alwaysTried == ["app.vague"])
        #expect(RuleTesting.signals(e, RuleTesting.record("Phone 555-1234")).map(\.ruleID) == ["app.phone", "app.vague"])
        // The author declared the literal required: without it the rule is not tried.
        #expect(RuleTesting.signals(e, RuleTesting.record("call 555-1234")).map(\.ruleID) == ["app.vague"])
        let everything = e.makeMatcher()
        everything.prefilterEnabled = false
        #expect(RuleTesting.signals(e, RuleTesting.record("call 555-1234"), matcher: everything).map(\.ruleID)
            == ["app.phone", "app.vague"])
    }

    @Test func explainSaysWhyEachRuleDidOrDidNotMatch() throws {
        let e = try engine("""
            id: a.prefilter
            match: 'Export failed'
            ---
            id: b.where
            match: 'Reset'
            where: {subsystem: com.apple.coredata}
            ---
            id: c.pattern
            match: 'Reset (?<n>\\d+) rows'
            ---
            id: d.not
            match: 'Reset'
            not: ['notification']
            ---
            id: e.match
            match: 'Reset (?<what>\\w+)'
            """)
        let record = RuleTesting.record("Reset notification sent")
        let explanations = record.withView { e.makeMatcher().explain($0, source: RuleTesting.source) }
        #expect(explanations.map(\.verdict) == [
            .prefilterAbsent(literals: [PrefilterLiteral("Export failed")]),
            .whereFailed(key: "subsystem", actual: nil),
            .patternDidNotMatch,
            .notMatched(pattern: "notification"),
            .matched(fields: ["what": .string("notification")]),
        ])
        #expect(explanations.map(\.isNearMiss) == [false, true, true, true, false])
    }
}
