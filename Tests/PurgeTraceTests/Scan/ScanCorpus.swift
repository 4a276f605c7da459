import Foundation
@testable import PurgeTrace

/// A corpus of cases built by the test in a temp folder, one unit per container type,
/// each holding sample logs (samples/) with known incidents, plus units that must fail.
/// Archives are made with the system's tar, gzip and zip, as a support inbox gets them.
enum ScanCorpus {
    /// What each unit of `make()` shows: the kinds of its incidents (sorted), or nil for a
    /// unit that must be recorded as failed.
    static let expected: [String: [String]?] = [
        "case-a.log": ["store-purge"],
        "case-b.log.gz": ["store-purge"],
        "case-c.tar.gz": ["store-purge"],
        "case-d.zip": ["app-deletion", "delete-retry-loop"],
        "case-e": ["manifest-before-blob", "orphaned-blob"],
        "case-f.zip": ["logout-without-wipe"],
        "case-g.log": [],
        "corrupt.zip": nil,
    ]

    /// Builds the corpus; returns the inbox folder (its units are `inbox/<name>`).
    static func make(in root: URL? = nil) throws -> URL {
        let root = root ?? TestPaths.temporaryDirectory("corpus")
        let inbox = root.appendingPathComponent("inbox")
        let work = root.appendingPathComponent("work")
        let fm = FileManager.default
        try fm.createDirectory(at: inbox, withIntermediateDirectories: true)
        try fm.createDirectory(at: work, withIntermediateDirectories: true)
        func sample(_ name: String) -> URL { TestPaths.samples.appendingPathComponent(name) }
        func copy(_ name: String, to url: URL) throws {
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try fm.copyItem(at: sample(name), to: url)
        }

        // A loose log file.
        try copy("lost-purge-log-show.log", to: inbox.appendingPathComponent("case-a.log"))
        // A compressed log file.
        try copy("recovered-purge-ndjson.log", to: work.appendingPathComponent("case-b.log"))
        try tool("gzip", ["-n", "case-b.log"], in: work)
        try fm.moveItem(at: work.appendingPathComponent("case-b.log.gz"), to: inbox.appendingPathComponent("case-b.log.gz"))
        // A tar.gz bundle with a folder inside, one log with an incident and one without.
        try copy("lost-purge-log-show.log", to: work.appendingPathComponent("case-c/logs/system.log"))
        try copy("no-incident-xcode.log", to: work.appendingPathComponent("case-c/logs/xcode.log"))
        try tool("tar", ["-czf", inbox.appendingPathComponent("case-c.tar.gz").path, "case-c"], in: work)
        // A zip of two app logs.
        try copy("kind-app-deletion.log", to: work.appendingPathComponent("case-d/app-deletion.log"))
        try copy("kind-delete-retry-loop.log", to: work.appendingPathComponent("case-d/delete-retry.log"))
        try tool("zip", ["-q", "-r", inbox.appendingPathComponent("case-d.zip").path, "case-d"], in: work)
        // A sub-folder of loose files.
        try copy("kind-orphaned-blob.log", to: inbox.appendingPathComponent("case-e/orphaned.log"))
        try copy("kind-manifest-before-blob.log", to: inbox.appendingPathComponent("case-e/nested/manifest.log"))
        // Nested: a zip holding a tar.gz holding the log.
        try copy("kind-logout-without-wipe.log", to: work.appendingPathComponent("case-f/logout.log"))
        try tool("tar", ["-czf", "case-f.tar.gz", "case-f"], in: work)
        try tool("zip", ["-q", inbox.appendingPathComponent("case-f.zip").path, "case-f.tar.gz"], in: work)
        // A session without incidents.
        try copy("no-incident-xcode.log", to: inbox.appendingPathComponent("case-g.log"))
        // A corrupt archive: a zip signature followed by junk.
        try Data([0x50, 0x4b, 0x03, 0x04] + Array("this is not a zip file at all, only its first four bytes".utf8) + [UInt8](repeating: 0xA5, count: 300))
            .write(to: inbox.appendingPathComponent("corrupt.zip"))
        // Hidden entries are not units.
        try Data("ignored".utf8).write(to: inbox.appendingPathComponent(".DS_Store"))
        try fm.removeItem(at: work)
        return inbox
    }

    /// `count` small bundles (a .log.gz each, alternating an incident and a quiet session).
    static func makeMany(_ count: Int, in root: URL? = nil) throws -> URL {
        let root = root ?? TestPaths.temporaryDirectory("many")
        let inbox = root.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        let lost = try Data(contentsOf: TestPaths.samples.appendingPathComponent("kind-app-deletion.log"))
        let quiet = try Data(contentsOf: TestPaths.samples.appendingPathComponent("no-incident-xcode.log"))
        for i in 0..<count {
            let name = String(format: "bundle-%05d.log", i)
            // A distinct last line makes every bundle a different unit.
            var data = i % 2 == 0 ? lost : quiet
            data.append(Data("\n".utf8))
            try data.write(to: inbox.appendingPathComponent(name))
        }
        try tool("gzip", ["-n", "-q"] + (0..<count).map { String(format: "bundle-%05d.log", $0) }, in: inbox)
        return inbox
    }

    /// `count` bigger bundles (each a log of about `lines` lines with one incident), so a
    /// scan takes long enough to be interrupted.
    static func makeSlow(_ count: Int, lines: Int, in root: URL? = nil) throws -> URL {
        let root = root ?? TestPaths.temporaryDirectory("slow")
        let inbox = root.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        let text = try String(contentsOf: TestPaths.samples.appendingPathComponent("lost-purge-log-show.log"), encoding: .utf8)
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Quiet lines from the sample itself, before the footer (its last three lines and the final newline).
        let filler = rows.filter { $0.contains("wifid:") }
        let body = rows.dropLast(4)
        let footer = rows.suffix(4)
        for i in 0..<count {
            var out = Array(body)
            for j in 0..<lines { out.append(filler[j % filler.count]) }
            out += footer
            try out.joined(separator: "\n").write(to: inbox.appendingPathComponent(String(format: "case-%04d.log", i)),
                                                    atomically: false, encoding: .utf8)
        }
        return inbox
    }

    /// Runs a system tool (found on PATH) in `directory`.
    static func tool(_ name: String, _ arguments: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        let err = Pipe()
        process.standardError = err
        try process.run()
        let message = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolError("\(name) \(arguments.joined(separator: " ")) failed: \(String(decoding: message, as: UTF8.self))")
        }
    }
}
