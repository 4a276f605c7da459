import Foundation
import SQLiteKit

/// `--keep-records`: a unit's records, written in batches while it is read, into a
/// private temporary SQLite file. `TimelineStore.commit(_:records:recompute:)` copies
/// them into the timeline inside the unit's transaction, so memory stays flat on huge
/// inputs, the write lock is held only for the copy, and a killed run leaves no half
/// unit behind (only a stray temporary file, removed when the stage is released).
///
/// One stage per unit and per thread.
public final class RecordStage {
    public let path: String
    let db: Database
    private let insert: Statement
    public private(set) var count = 0

    /// - Parameter directory: where to put the file (default: the system's temporary folder).
    public init(directory: String? = nil) throws(ToolError) {
        let folder = directory ?? FileManager.default.temporaryDirectory.path
        path = (folder as NSString).appendingPathComponent("purgetrace-stage-\(UUID().uuidString).db")
        do {
            db = try Database(path: path, mode: .readWriteCreate)
            // A scratch file: durability is the timeline's job, not the stage's.
            try db.execute("""
                PRAGMA journal_mode = OFF;
                PRAGMA synchronous = OFF;
                CREATE TABLE records (
                    source TEXT NOT NULL, line INTEGER NOT NULL, byte_offset INTEGER NOT NULL,
                    time_ns INTEGER NOT NULL, utc_offset INTEGER, process TEXT, pid INTEGER, thread INTEGER,
                    level TEXT, subsystem TEXT, category TEXT, sender TEXT, message TEXT NOT NULL, text TEXT NOT NULL);
                """)
            insert = try db.prepare("INSERT INTO records VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw ToolError("record stage \(path): \(error.message)")
        }
    }

    deinit {
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// Appends a batch of records of the source reported as `source`, in one transaction.
    public func append(_ records: [LogRecord], source: String) throws(ToolError) {
        do {
            try db.execute("BEGIN")
            for r in records {
                try insert.run([
                    .text(source), .integer(Int64(r.line)), .integer(r.byteOffset), .integer(r.time.nanoseconds),
                    r.utcOffset.map { .integer(Int64($0)) } ?? .null, r.process.map(SQLiteValue.text) ?? .null,
                    r.pid.map(SQLiteValue.integer) ?? .null, r.thread.map { .integer(Int64(bitPattern: $0)) } ?? .null,
                    r.level.map { .text($0.rawValue) } ?? .null, r.subsystem.map(SQLiteValue.text) ?? .null,
                    r.category.map(SQLiteValue.text) ?? .null, r.sender.map(SQLiteValue.text) ?? .null,
                    .text(r.message), .text(r.text),
                ])
            }
            try db.execute("COMMIT")
            count += records.count
        } catch {
            try? db.execute("ROLLBACK")
            throw ToolError("record stage \(path): \(error.message)")
        }
    }
}
