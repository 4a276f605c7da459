import Foundation
import Testing
import SQLiteKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `purgetrace scan` and `merge` through the built binary: exit codes, standard error.
@Suite struct ScanCLITests {
    @Test(arguments: [
        (["scan", "--db", "x.db"], "scan needs at least one PATH (a folder of cases, an archive or a file)"),
        (["scan", "inbox"], "scan needs --db FILE (see purgetrace scan --help)"),
        (["scan", "--db", "x.db", "--shard", "0/3", "inbox"], "invalid --shard '0/3': expected K/N with 1 <= K <= N, like 2/8"),
        (["scan", "--db", "x.db", "--shard", "4/3", "inbox"], "invalid --shard '4/3': expected K/N with 1 <= K <= N, like 2/8"),
        (["scan", "--db", "x.db", "--shard", "two", "inbox"], "invalid --shard 'two': expected K/N with 1 <= K <= N, like 2/8"),
        (["scan", "--db", "x.db", "--max-unit-bytes", "12Q", "inbox"], "invalid --max-unit-bytes '12Q': expected a size like 500M, 64G or 1000000"),
        (["scan", "--db", "x.db", "--max-depth", "0", "inbox"], "invalid value '0' for --max-depth: expected an integer in 1...64"),
        (["scan", "--db", "x.db", "-"], "scan reads files and folders, not standard input (-); use analyze or ingest"),
        (["scan", "--db", "x.db", "--same-device", "inbox"], "unknown option '--same-device' for 'scan' (see purgetrace scan --help)"),
        (["scan", "--db", "x.db", "no-such-folder"], "cannot read no-such-folder: No such file or directory"),
        (["merge", "out.db"], "merge needs OUT.db and at least one IN.db"),
        (["merge", "out.db", "missing.db"], "database not found: missing.db"),
    ])
    func mistakesExitTwoWithOneLine(arguments: [String], message: String) throws {
        let folder = TestPaths.temporaryDirectory("usage")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("inbox"), withIntermediateDirectories: true)
        let run = try BinaryRun.run(arguments, currentDirectory: folder)
        #expect(run.status == 2)
        #expect(run.stderr == "purgetrace: error: \(message)\n")
        #expect(run.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.db").path))
    }

    @Test func aDatabaseErrorExitsTwoNamingIt() throws {
        let inbox = try ScanCorpus.make()
        let junk = inbox.deletingLastPathComponent().appendingPathComponent("junk.db")
        try Data(repeating: 0x41, count: 8192).write(to: junk)
        let run = try BinaryRun.run(["scan", "--db", junk.path, inbox.path])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("purgetrace: error: database \(junk.path) "))
        #expect(run.stdout.isEmpty)
    }

    @Test func failedUnitsAreWarningsAndTheScanExitsZero() throws {
        let inbox = try ScanCorpus.make()
        let db = inbox.deletingLastPathComponent().appendingPathComponent("w.db").path
        let run = try BinaryRun.run(["scan", "--db", db, "--jobs", "2", inbox.path])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("8 units: 7 ok, 1 failed. 8 incidents: "))
        let lines = run.stderr.split(separator: "\n").map(String.init)
        // Not a terminal: plain lines, no redrawing.
        #expect(!run.stderr.contains("\r"))
        #expect(lines.first == "scan: 8 units, 8 to read (\(lines.first?.split(separator: "(").last ?? "")")
        #expect(lines.contains { $0.hasPrefix("purgetrace: warning: \(inbox.path)/corrupt.zip: nothing readable: ") })
        #expect(lines.last?.hasPrefix("scan: done: 8 units read (") == true)
        #expect(lines.last?.hasSuffix("; 1 failed; 8 incidents") == true)

        // Again: everything done is skipped, the failed unit is tried again.
        let again = try BinaryRun.run(["scan", "--db", db, "--no-progress", inbox.path])
        #expect(again.status == 0)
        #expect(again.stdout == run.stdout)
        #expect(again.stderr == "purgetrace: warning: \(inbox.path)/corrupt.zip: " + (lines.first { $0.contains("corrupt.zip") }?
            .components(separatedBy: "corrupt.zip: ").last ?? "") + "\n")
    }

    @Test func quietMeansNothingOnStandardError() throws {
        let inbox = try ScanCorpus.make()
        let db = inbox.deletingLastPathComponent().appendingPathComponent("q.db").path
        let run = try BinaryRun.run(["scan", "--db", db, "--quiet", inbox.path])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(!run.stdout.isEmpty)
    }

    /// The database and the report written inside the scanned folder are not cases.
    @Test func theScansOwnFilesAreNotUnits() throws {
        let inbox = try ScanCorpus.make()
        let db = inbox.appendingPathComponent("week.db").path
        let out = inbox.appendingPathComponent("week.txt").path
        for _ in 0..<2 {
            let run = try BinaryRun.run(["scan", "--db", db, "--output", out, "--quiet", inbox.path])
            #expect(run.status == 0)
            #expect(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("8 units: 7 ok, 1 failed."))
        }
    }

    @Test func formatOutputAndFailOn() throws {
        let inbox = try ScanCorpus.make()
        let root = inbox.deletingLastPathComponent()
        let db = root.appendingPathComponent("f.db").path
        let out = root.appendingPathComponent("scan.json").path
        let run = try BinaryRun.run(["scan", "--db", db, "--quiet", "--format", "json", "--output", out, "--fail-on", "probable", inbox.path])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        let json = try String(contentsOfFile: out, encoding: .utf8)
        #expect(json.hasPrefix("{\n  \"schema\": \"purgetrace.scan/1\",\n  \"archives\": [\n"))
        // Only the quiet case: no incident, exit 0.
        let quietCase = try BinaryRun.run(["scan", "--db", root.appendingPathComponent("g.db").path, "--quiet", "--fail-on", "possible",
                                           inbox.appendingPathComponent("case-g.log").path])
        #expect(quietCase.status == 0)
        #expect(quietCase.stdout.hasPrefix("1 unit: 1 ok, 0 failed. 0 incidents."))
        let markdown = try BinaryRun.run(["scan", "--db", db, "--quiet", "--format", "markdown", inbox.path])
        #expect(markdown.stdout.hasPrefix("# purgetrace scan\n\n| unit |"))
    }

    @Test func mergeThroughTheBinary() throws {
        let inbox = try ScanCorpus.make()
        let root = inbox.deletingLastPathComponent()
        var shards: [String] = []
        for k in 1...2 {
            let db = root.appendingPathComponent("s\(k).db").path
            #expect(try BinaryRun.run(["scan", "--db", db, "--quiet", "--shard", "\(k)/2", inbox.path]).status == 0)
            shards.append(db)
        }
        let out = root.appendingPathComponent("all.db").path
        let merge = try BinaryRun.run(["merge", out] + shards)
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stdout == "merged 8 units from 2 databases into \(out); 1 failed unit recorded\n")
        let again = try BinaryRun.run(["merge", out] + shards)
        #expect(again.stdout == "merged 1 unit from 2 databases into \(out); 7 already present; 1 failed unit recorded\n")
        let single = root.appendingPathComponent("single.db").path
        let scanned = try BinaryRun.run(["scan", "--db", single, "--quiet", "--format", "json", inbox.path])
        let fromMerge = try BinaryRun.run(["scan", "--db", out, "--quiet", "--format", "json", inbox.path])
        #expect(fromMerge.stdout == scanned.stdout)
    }

    /// SIGKILL in the middle of a scan leaves whole units; running it again finishes the
    /// rest and prints what an uninterrupted scan prints.
    @Test func aKilledScanResumesToTheSameResult() throws {
        let inbox = try ScanCorpus.makeSlow(12, lines: 4000)
        let root = inbox.deletingLastPathComponent()
        let killed = root.appendingPathComponent("killed.db").path

        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.binary)
        process.arguments = ["scan", "--db", killed, "--jobs", "1", "--quiet", inbox.path]
        var env = ProcessInfo.processInfo.environment
        env["PURGETRACE_RULES_DIR"] = TestPaths.rules.path
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var committed = 0
        let deadline = Date().addingTimeInterval(120)
        while committed < 2 && process.isRunning && Date() < deadline {
            usleep(10_000)
            committed = Self.units(in: killed) ?? 0
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let left = try #require(Self.units(in: killed))
        #expect(left >= 2 && left < 12, "the kill must land mid-scan (\(left) units committed)")
        let integrity = try Database(path: killed, mode: .readOnly).query("PRAGMA integrity_check")
        #expect(integrity == [[.text("ok")]])

        let resumed = try BinaryRun.run(["scan", "--db", killed, "--jobs", "2", "--format", "json", inbox.path])
        #expect(resumed.status == 0)
        #expect(resumed.stderr.hasPrefix("scan: 12 units, \(left) already done, \(12 - left) to read"))
        let whole = root.appendingPathComponent("whole.db").path
        let uninterrupted = try BinaryRun.run(["scan", "--db", whole, "--jobs", "2", "--quiet", "--format", "json", inbox.path])
        #expect(resumed.stdout == uninterrupted.stdout)
        #expect(try BinaryRun.run(["report", "--db", killed, "--format", "json"]).stdout
            == BinaryRun.run(["report", "--db", whole, "--format", "json"]).stdout)
    }

    /// A thousand small bundles: memory stays flat (the run keeps counts, not analyses),
    /// and progress is a handful of lines, not one per unit.
    @Test func aThousandBundlesScanInBoundedMemory() throws {
        let inbox = try ScanCorpus.makeMany(1000)
        let root = inbox.deletingLastPathComponent()
        let big = try ChildProcess.runMeasured(["scan", "--db", root.appendingPathComponent("big.db").path, "--jobs", "2",
                                                "--format", "json", inbox.path])
        #expect(big.status == 0, "\(big.stderr)")
        #expect(big.stdout.contains("\"archives\": 1000,"))
        #expect(big.stdout.contains("\"incidents\": 500,"))
        let progressLines = big.stderr.split(separator: "\n").filter { $0.hasPrefix("scan: ") }
        #expect(progressLines.count >= 3 && progressLines.count <= 40, "\(progressLines.count) progress lines")

        // The same scan of a tenth of the corpus, for scale.
        let tenth = root.appendingPathComponent("tenth")
        try FileManager.default.createDirectory(at: tenth, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: inbox.path).sorted().prefix(100) {
            try FileManager.default.copyItem(at: inbox.appendingPathComponent(name), to: tenth.appendingPathComponent(name))
        }
        let small = try ChildProcess.runMeasured(["scan", "--db", root.appendingPathComponent("small.db").path, "--jobs", "2",
                                                  "--format", "json", tenth.path])
        #expect(small.status == 0)
        let mb = 1 << 20
        #expect(big.peakRSSBytes < 256 * mb, "peak RSS \(big.peakRSSBytes / mb) MB")
        #expect(big.peakRSSBytes - small.peakRSSBytes < 64 * mb,
                "1000 units: \(big.peakRSSBytes / mb) MB, 100 units: \(small.peakRSSBytes / mb) MB")
    }

    static func units(in db: String) -> Int? {
        guard FileManager.default.fileExists(atPath: db),
              let database = try? Database(path: db, mode: .readOnly),
              case .integer(let n)? = try? database.query("SELECT count(*) FROM units").first?.first else { return nil }
        return Int(n)
    }
}
