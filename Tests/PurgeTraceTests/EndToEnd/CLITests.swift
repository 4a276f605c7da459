import Testing

@Suite struct CLITests {
    @Test func versionPrintsTheVersion() throws {
        let run = try BinaryRun.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout == "purgetrace 0.1.0\n")
    }

    @Test func helpListsEveryCommand() throws {
        let run = try BinaryRun.run(["--help"])
        #expect(run.status == 0)
        for command in ["analyze", "ingest", "report", "timeline", "scan", "merge", "export", "rules"] {
            #expect(run.stdout.contains("  \(command) "))
        }
    }

    @Test func commandHelpComesFromTheSameOptionList() throws {
        let run = try BinaryRun.run(["analyze", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("--input-format NAME"))
        #expect(run.stdout.contains("--fail-on VERDICT"))
    }

    @Test func unknownFlagExitsTwoWithOneLine() throws {
        let run = try BinaryRun.run(["analyze", "--bogus"])
        #expect(run.status == 2)
        #expect(run.stderr == "purgetrace: error: unknown option '--bogus' for 'analyze' (see purgetrace analyze --help)\n")
        #expect(run.stdout.isEmpty)
    }

    @Test func unknownCommandExitsTwo() throws {
        let run = try BinaryRun.run(["frobnicate"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("purgetrace: error: unknown command 'frobnicate'"))
    }

    @Test func invalidChoiceIsAUsageError() throws {
        let run = try BinaryRun.run(["analyze", "--format", "pdf", "x.log"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("invalid value 'pdf' for --format"))
    }
}
