internal import CSQLite

/// A prepared statement; finalized when released. Bind, step, read columns, reset.
public final class Statement {
    private let database: Database
    private let handle: OpaquePointer
    public let sql: String

    init(database: Database, handle: OpaquePointer, sql: String) {
        self.database = database
        self.handle = handle
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Resets the statement and binds `values` to parameters 1...n.
    public func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (i, value) in values.enumerated() { try bind(value, at: Int32(i + 1)) }
    }

    public func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
        let rc: Int32
        switch value {
        case .null: rc = sqlite3_bind_null(handle, index)
        case .integer(let v): rc = sqlite3_bind_int64(handle, index, v)
        case .real(let v): rc = sqlite3_bind_double(handle, index, v)
        case .text(let v):
            // withCString always gives a valid pointer, also for "".
            let length = Int32(v.utf8.count)
            rc = v.withCString { csqlite_bind_text_transient(handle, index, $0, length) }
        case .blob(let v):
            rc = v.withUnsafeBytes { csqlite_bind_blob_transient(handle, index, $0.baseAddress, Int32($0.count)) }
        }
        try database.check(rc, sql: sql)
    }

    /// Advances to the next row; false when the statement is done.
    public func step() throws(SQLiteError) -> Bool {
        let rc = sqlite3_step(handle)
        if rc == SQLITE_ROW { return true }
        if rc == SQLITE_DONE { return false }
        try database.check(rc, sql: sql)
        return false
    }

    /// Binds, runs to completion and resets (for INSERT/UPDATE in a loop).
    public func run(_ values: [SQLiteValue]) throws(SQLiteError) {
        try bind(values)
        while try step() {}
        sqlite3_reset(handle)
    }

    public func reset() { sqlite3_reset(handle) }

    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    public func columnName(_ i: Int) -> String { String(cString: sqlite3_column_name(handle, Int32(i))) }

    public func isNull(_ i: Int) -> Bool { sqlite3_column_type(handle, Int32(i)) == SQLITE_NULL }

    public func int64(_ i: Int) -> Int64 { sqlite3_column_int64(handle, Int32(i)) }

    public func double(_ i: Int) -> Double { sqlite3_column_double(handle, Int32(i)) }

    public func text(_ i: Int) -> String? {
        guard let p = sqlite3_column_text(handle, Int32(i)) else { return nil }
        let n = Int(sqlite3_column_bytes(handle, Int32(i)))
        return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
    }

    public func value(_ i: Int) -> SQLiteValue {
        switch sqlite3_column_type(handle, Int32(i)) {
        case SQLITE_INTEGER: return .integer(int64(i))
        case SQLITE_FLOAT: return .real(double(i))
        case SQLITE_TEXT: return .text(text(i) ?? "")
        case SQLITE_BLOB:
            let n = Int(sqlite3_column_bytes(handle, Int32(i)))
            guard n > 0, let p = sqlite3_column_blob(handle, Int32(i)) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: p, count: n)))
        default: return .null
        }
    }

    /// All columns of the current row.
    public func row() -> [SQLiteValue] { (0..<columnCount).map(value) }
}
