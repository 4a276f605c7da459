import Testing
import PurgeTrace

/// Every load error names the file, the line and the rule id (contract §4).
@Suite struct RuleLoaderErrorTests {
    private func only(_ result: RuleLoader.Result, _ severity: RuleDiagnostic.Severity = .error) throws -> RuleDiagnostic {
        let found = result.diagnostics.filter { $0.severity == severity }
        try #require(found.count == 1, "\(result.diagnostics)")
        return found[0]
    }

    @Test func unknownKeyNamesTheKeyTheLineAndASuggestion() throws {
        let result = RuleTesting.load("""
            id: app.x
            title: X
            matc: 'Items=(?<items>\\d+)'
            """, file: "rules/app.yml")
        let error = try only(result)
        #expect(error.description == "rules/app.yml:3: app.x: error: unknown key 'matc' in a rule (did you mean 'match'?)")
        #expect(result.ruleSet.eventRules.isEmpty)
    }

    @Test func duplicateIdInOneFile() throws {
        let result = RuleTesting.load("""
            id: app.x
            match: abc
            ---
            id: app.x
            match: def
            """)
        let error = try only(result)
        #expect(error.line == 4)
        #expect(error.ruleID == "app.x")
        #expect(error.message == "duplicate id 'app.x' (first defined at test.yml:1)")
        #expect(result.ruleSet.eventRules.count == 1)
    }

    @Test func duplicateIdAcrossFiles() throws {
        let result = RuleTesting.load([("a.yml", "id: app.x\nmatch: abc\n"), ("b.yml", "title: t\nid: app.x\nmatch: def\n")])
        let error = try only(result)
        #expect(error.file == "b.yml")
        #expect(error.message == "duplicate id 'app.x' (first defined at a.yml:1)")
    }

    @Test func invalidRegexGivesPCRE2MessageAndOffset() throws {
        let result = RuleTesting.load("""
            id: app.x
            match:
              - 'fine'
              - 'Items=(?<items>\\d+'
            """)
        let error = try only(result)
        #expect(error.line == 4)
        #expect(error.message.hasPrefix("invalid regex in match: missing closing parenthesis at offset 18: "))
        #expect(error.message.hasSuffix("Items=(?<items>\\d+⟨HERE⟩"))
    }

    @Test func badDurationNamesTheValue() throws {
        let result = RuleTesting.load("""
            id: app.burst
            correlation:
              type: event_count
              rules: [app.x]
              timespan: 10 seconds
              condition: {gte: 5}
            ---
            id: app.x
            match: abc
            """)
        let error = try only(result)
        #expect(error.line == 5)
        #expect(error.ruleID == "app.burst")
        #expect(error.message == "bad duration '10 seconds' for timespan (expected a positive duration like 10s, 30m, 1h or 2d)")
    }

    @Test func unknownReferencedSignalIsALintWarning() throws {
        let result = RuleTesting.load("""
            id: app.chain
            correlation:
              type: temporal
              rules: [app.x, missing_signal]
              timespan: 1m
            ---
            id: app.x
            match: abc
            """)
        #expect(result.errors.isEmpty)
        let warning = try only(result, .warning)
        #expect(warning.description == "test.yml:4: app.chain: warning: references 'missing_signal', which no loaded rule emits")
        // The id was resolved to the signal it emits.
        #expect(result.ruleSet.correlationRules.first?.rules == ["app.x", "missing_signal"])
    }

    @Test func correlationCycleIsAnError() throws {
        let result = RuleTesting.load("""
            id: a
            correlation: {type: event_count, rules: [b_signal], timespan: 10s, condition: {gte: 2}}
            signal: a_signal
            ---
            id: b
            signal: b_signal
            correlation: {type: event_count, rules: [a_signal], timespan: 10s, condition: {gte: 2}}
            """)
        let error = try only(result)
        #expect(error.ruleID == "a")
        #expect(error.message == "correlation cycle: a → b → a")
    }

    @Test func selfReferencingCorrelationIsACycle() throws {
        let result = RuleTesting.load("""
            id: loop
            correlation: {type: event_count, rules: [loop], timespan: 10s, condition: {gte: 2}}
            """)
        #expect(try only(result).message == "correlation cycle: loop → loop")
    }

    @Test func captureThatIsAlsoAConstantFieldIsAnError() throws {
        let result = RuleTesting.load("""
            id: app.x
            match: 'Items=(?<items>\\d+)'
            fields:
              items: 3
            """)
        let error = try only(result)
        #expect(error.line == 4)
        #expect(error.message == "field 'items' is both a constant field and a named capture; rename one of them")
    }

    @Test func yamlSyntaxErrorNamesTheLine() throws {
        let result = RuleTesting.load("""
            id: app.x
            match: [unclosed
            title: t
            """, file: "broken.yml")
        let error = try only(result)
        #expect(error.file == "broken.yml")
        #expect(error.line >= 2)
        #expect(error.message.hasPrefix("YAML syntax error: "))
    }

    @Test func missingIdIsReportedAndTheRestStillChecked() throws {
        let result = RuleTesting.load("""
            title: no id here
            level: severe
            match: abc
            """)
        #expect(result.errors.map(\.message) == [
            "rule has no id",
            "bad level 'severe' (expected one of: info, low, medium, high, critical)",
        ])
        #expect(result.errors[0].line == 1)
        #expect(result.errors[1].line == 2)
    }

    @Test func idMustUseTheIdCharacters() throws {
        let error = try only(RuleTesting.load("id: App.Reset Sync\nmatch: abc\n"))
        #expect(error.message == "invalid id 'App.Reset Sync': use only a-z, 0-9, '_', '.' and '-'")
    }

    @Test func wrongNodeKindIsNamed() throws {
        let error = try only(RuleTesting.load("id: app.x\nmatch: abc\ncaseless: {a: 1}\n"))
        #expect(error.message == "caseless must be a single value, not a mapping")
        #expect(error.line == 3)
    }

    @Test func unknownAndUnsupportedCorrelationTypes() throws {
        let unknown = try only(RuleTesting.load("id: c\ncorrelation: {type: event_cuont, rules: [x], timespan: 1m}\n"))
        #expect(unknown.message.hasPrefix("unknown correlation type 'event_cuont'"))
        let unsupported = try only(RuleTesting.load("id: c\ncorrelation: {type: value_sum, rules: [x], timespan: 1m}\n"))
        #expect(unsupported.message.hasPrefix("unsupported correlation type 'value_sum'"))
    }

    @Test func stepReferencePastTheStepsIsAnError() throws {
        let result = RuleTesting.load("""
            id: c
            correlation:
              type: sequence
              timespan: 1h
              steps:
                - {rule: logout}
                - {rule: login, where: {user: {neq: $3.user}}}
            """)
        #expect(result.errors.map(\.message) == ["'$3.user' in where 'user' points past the steps (this sequence has 2)"])
        #expect(result.errors.first?.line == 7)
    }

    @Test func unknownWhereKeyInAnEventRule() throws {
        let error = try only(RuleTesting.load("id: app.x\nmatch: abc\nwhere: {subsytem: com.apple.coredata}\n"))
        #expect(error.message.hasPrefix("unknown where key 'subsytem'"))
        #expect(error.message.hasSuffix("did you mean 'subsystem'?"))
    }

    @Test func unknownLevelValueInWhere() throws {
        let error = try only(RuleTesting.load("id: app.x\nmatch: abc\nwhere: {level: [error, warning]}\n"))
        #expect(error.message.hasPrefix("unknown record level 'warning' in where"))
    }

    @Test func nonIntegerConstantForAnIntegerField() throws {
        let error = try only(RuleTesting.load("id: app.x\nmatch: abc\nfields: {items: many}\n"))
        #expect(error.message == "field 'items' must be an integer, not 'many'")
    }

    @Test func allErrorsOfAFileAreReported() throws {
        let result = RuleTesting.load("""
            id: app.one
            matc: abc
            ---
            id: app.two
            level: urgent
            match: ['ok', '(unclosed']
            ---
            id: app.three
            correlation:
              type: event_count
              rules: [app.one]
              timespan: soon
              condition: {gte: 5}
            ---
            id: app.one
            match: abc
            """, file: "many.yml")
        let errors = result.errors
        #expect(errors.count == 5, "\(errors)")
        #expect(errors.map(\.line) == [2, 5, 6, 12, 15])
        #expect(errors.map { $0.ruleID ?? "" } == ["app.one", "app.two", "app.two", "app.three", "app.one"])
        #expect(errors.allSatisfy { $0.file == "many.yml" })
    }

    @Test func missingPathIsAnError() {
        let result = RuleLoader.load(paths: ["/nonexistent/rules.yml"])
        #expect(result.errors.map(\.description) == ["/nonexistent/rules.yml: error: rule path not found"])
    }
}
