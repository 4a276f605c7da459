import Foundation
import SQLiteKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import PurgeTrace

/// Scans through the library the way `purgetrace scan` does, and reads results back.
enum ScanTestSupport {
    static let rules: RuleSet = RuleLoader.load(paths: [TestPaths.rules.path]).ruleSet

    static func analyzer(jobs: Int, limits: ContainerLimits = ContainerLimits(), year: Int? = nil) -> Analyzer {
        var read = ReadOptions(limits: limits)
        read.time.year = year
        return Analyzer(ruleSet: rules, options: AnalysisOptions(read: read, jobs: jobs))
    }

    @discardableResult
    static func scan(_ paths: [String], db: String, jobs: Int = 1, shard: ScanShard? = nil,
                     limits: ContainerLimits = ContainerLimits(), year: Int? = nil,
                     progress: ((ScanProgress) -> Void)? = nil) throws -> ScanTally {
        let units = try ScanPlanner.units(paths: paths, shard: shard)
        return try ScanRunner(analyzer: analyzer(jobs: jobs, limits: limits, year: year), rules: rules, databasePath: db)
            .run(units: units, progress: progress)
    }

    /// The scan report as `purgetrace scan --format json` writes it.
    static func json(db: String) throws -> String {
        var text = ""
        try ScanJSONWriter().write(ScanReport(store: try TimelineStore(path: db, access: .readOnly))) { text += $0 }
        return text
    }

    static func archives(db: String) throws -> [ScanArchive] {
        var out: [ScanArchive] = []
        try ScanReport(store: try TimelineStore(path: db, access: .readOnly)).forEachArchive { out.append($0) }
        return out
    }

    /// Every row of every table, in rowid order: equal dumps mean equal databases.
    static func dump(db: String) throws -> String {
        let database = try Database(path: db, mode: .readOnly)
        var text = ""
        let tables = try database.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        for row in tables {
            guard case .text(let name) = row[0] else { continue }
            text += "## \(name)\n"
            for r in try database.query("SELECT * FROM \"\(name)\" ORDER BY rowid") { text += "\(r)\n" }
        }
        return text
    }

    /// The database's `count(*)` of a table.
    static func count(_ table: String, db: String, where clause: String = "1") throws -> Int {
        let database = try Database(path: db, mode: .readOnly)
        guard case .integer(let n)? = try database.query("SELECT count(*) FROM \(table) WHERE \(clause)").first?.first else { return -1 }
        return Int(n)
    }

    /// Sets a file's modification time to the nanosecond (Foundation's `Date` would round it).
    static func setModified(_ path: String, nanoseconds: Int64) throws {
        let time = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var times = [time, time]  // access and modification
        guard utimensat(AT_FDCWD, path, &times, 0) == 0 else { throw ToolError("utimensat \(path) failed") }
    }

    static func database(_ label: String) -> String {
        TestPaths.temporaryDirectory(label).appendingPathComponent("scan.db").path
    }
}
