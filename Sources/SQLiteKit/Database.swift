// SQLiteKit: the only code that knows SQLite's C API.
//
// One connection type and one statement type; every C result code passes through
// `Database.check`, which turns a failure into a `SQLiteError` that keeps the code,
// SQLite's message and the SQL that failed.
internal import CSQLite

/// A failed SQLite call.
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Primary result code (SQLITE_BUSY = 5, SQLITE_CORRUPT = 11, ...).
    public let code: Int32
    /// Extended result code when available.
    public let extendedCode: Int32
    public let message: String
    public let sql: String?

    public init(code: Int32, extendedCode: Int32? = nil, message: String, sql: String? = nil) {
        self.code = code
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.sql = sql
    }

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (in: \(sql.prefix(120)))" }
        return text
    }

    public static let busy: Int32 = 5
    public static let locked: Int32 = 6
    public static let readOnly: Int32 = 8
    public static let ioError: Int32 = 10
    public static let corrupt: Int32 = 11
    public static let full: Int32 = 13
    public static let cantOpen: Int32 = 14
    public static let constraint: Int32 = 19
    public static let notADatabase: Int32 = 26

    public var isBusy: Bool { code == SQLiteError.busy || code == SQLiteError.locked }
}

/// A value bound to or read from a statement.
public enum SQLiteValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// A connection. Not thread-safe: use one per thread.
public final class Database {
    public enum Mode: Sendable { case readOnly, readWrite, readWriteCreate }

    let handle: OpaquePointer
    public let path: String

    public init(path: String, mode: Mode = .readWriteCreate) throws(SQLiteError) {
        var flags: Int32
        switch mode {
        case .readOnly: flags = SQLITE_OPEN_READONLY
        case .readWrite: flags = SQLITE_OPEN_READWRITE
        case .readWriteCreate: flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        flags |= SQLITE_OPEN_NOMUTEX
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            if let db { sqlite3_close_v2(db) }
            throw SQLiteError(code: rc & 0xff, extendedCode: rc, message: message)
        }
        sqlite3_extended_result_codes(db, 1)
        self.handle = db
        self.path = path
    }

    deinit { sqlite3_close_v2(handle) }

    /// The SQLite library version, e.g. "3.40.1".
    public static var libraryVersion: String { String(cString: sqlite3_libversion()) }

    /// Wait up to `milliseconds` for another connection's lock instead of failing with SQLITE_BUSY.
    public func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws(SQLiteError) {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if rc != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(errorMessage)
            throw SQLiteError(code: rc & 0xff, extendedCode: sqlite3_extended_errcode(handle), message: message, sql: sql)
        }
    }

    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        try check(rc, sql: sql)
        guard let statement else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "empty statement", sql: sql)
        }
        return Statement(database: self, handle: statement, sql: sql)
    }

    /// Runs `sql` with `values` bound and returns all rows.
    public func query(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> [[SQLiteValue]] {
        let statement = try prepare(sql)
        try statement.bind(values)
        var rows: [[SQLiteValue]] = []
        while try statement.step() { rows.append(statement.row()) }
        return rows
    }

    /// Runs `sql` with `values` bound, ignoring any rows.
    public func run(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) {
        let statement = try prepare(sql)
        try statement.bind(values)
        while try statement.step() {}
    }

    /// Runs `body` in a transaction that takes the write lock at once (BEGIN IMMEDIATE),
    /// committing on return and rolling back on any thrown error.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    public var changes: Int { Int(sqlite3_changes(handle)) }
    public var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// The one choke point from a C result code to a Swift error.
    func check(_ rc: Int32, sql: String? = nil) throws(SQLiteError) {
        guard rc != SQLITE_OK && rc != SQLITE_ROW && rc != SQLITE_DONE else { return }
        throw SQLiteError(
            code: rc & 0xff, extendedCode: sqlite3_extended_errcode(handle),
            message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}
