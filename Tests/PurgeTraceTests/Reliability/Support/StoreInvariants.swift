import Foundation
import SQLiteKit

/// What a timeline database must satisfy after anything — a kill, a full disk, a lock
/// (contract §3): it opens, `PRAGMA integrity_check` is ok, foreign keys hold, and it
/// holds whole units only: every unit marked `ok` has exactly the sources and records it
/// counts, and nothing points at a unit, source or signal that is not there.
enum StoreInvariants {
    /// The problems found; empty when the database is sound.
    static func problems(_ path: String) -> [String] {
        do {
            let db = try Database(path: path, mode: .readWrite)
            var problems: [String] = []
            let integrity = try db.query("PRAGMA integrity_check")
            if integrity != [[.text("ok")]] { problems.append("integrity_check: \(integrity.prefix(5))") }
            let foreign = try db.query("PRAGMA foreign_key_check")
            if !foreign.isEmpty { problems.append("foreign_key_check: \(foreign.prefix(5))") }
            let partial = try db.query("""
                SELECT u.id, u.path, u.sources, u.records, count(s.id), coalesce(sum(s.records), 0)
                FROM units u LEFT JOIN sources s ON s.unit_id = u.id
                WHERE u.status = 'ok' GROUP BY u.id
                HAVING u.sources != count(s.id) OR u.records != coalesce(sum(s.records), 0)
                """)
            if !partial.isEmpty { problems.append("units without all their sources: \(partial)") }
            let stepless = try db.query("SELECT id FROM incidents WHERE key NOT IN (SELECT incident_key FROM incident_steps)")
            if !stepless.isEmpty { problems.append("incidents without steps: \(stepless)") }
            let deviceless = try db.query("SELECT id, device FROM incidents WHERE device NOT IN (SELECT device FROM sources)")
            if !deviceless.isEmpty { problems.append("incidents of a device without sources: \(deviceless)") }
            return problems
        } catch {
            return ["cannot open or query \(path): \(error)"]
        }
    }

    /// Whether the schema transaction was committed (`PRAGMA user_version` is set). A run
    /// killed after SQLite created the file but before that commit leaves an empty file,
    /// which every command reports as "empty: run ingest first" — the state before the run.
    static func hasSchema(_ path: String) -> Bool {
        guard let db = try? Database(path: path, mode: .readOnly),
              case .integer(let version)? = try? db.query("PRAGMA user_version").first?.first else { return false }
        if version == 0 {
            let tables = (try? db.query("SELECT count(*) FROM sqlite_master")) ?? []
            return tables != [[.integer(0)]]  // tables without a version: let problems() say so
        }
        return true
    }

    /// `(unit path, status)` of every unit, in commit order.
    static func units(_ path: String) throws -> [(path: String, status: String)] {
        let db = try Database(path: path, mode: .readOnly)
        return try db.query("SELECT path, status FROM units ORDER BY id").map { row in
            guard case .text(let p) = row[0], case .text(let s) = row[1] else { return ("?", "?") }
            return (p, s)
        }
    }
}
