import Foundation
import Testing
import SQLiteKit

@Suite struct SQLiteTests {
    @Test func roundTripsTypedValues() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n TEXT)")
        try db.run("INSERT INTO t VALUES (?, ?, ?, ?, ?)", [.integer(42), .real(0.5), .text("héllo"), .blob([1, 2]), .null])
        let rows = try db.query("SELECT * FROM t")
        #expect(rows == [[.integer(42), .real(0.5), .text("héllo"), .blob([1, 2]), .null]])
    }

    @Test func syntaxErrorKeepsCodeMessageAndSQL() throws {
        let db = try Database(path: ":memory:")
        do {
            try db.execute("SELEC 1")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == 1)
            #expect(error.message.contains("syntax error"))
            #expect(error.sql == "SELEC 1")
        }
    }

    @Test func constraintViolationIsTyped() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)")
        try db.run("INSERT INTO t VALUES (1)")
        #expect(throws: SQLiteError.self) { try db.run("INSERT INTO t VALUES (1)") }
        do { try db.run("INSERT INTO t VALUES (1)") } catch { #expect(error.code == SQLiteError.constraint) }
    }

    @Test func transactionRollsBackOnError() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t (x)")
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try db.transaction {
                try db.run("INSERT INTO t VALUES (1)")
                throw Boom()
            }
        }
        #expect(try db.query("SELECT count(*) FROM t") == [[.integer(0)]])
    }

    @Test func notADatabaseIsReported() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sqlite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("junk.db").path
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        let db = try Database(path: path)
        #expect(throws: SQLiteError.self) { try db.query("SELECT * FROM sqlite_master") }
        do { _ = try db.query("SELECT * FROM sqlite_master") } catch { #expect(error.code == SQLiteError.notADatabase) }
    }

    @Test func missingFileReadOnlyCannotOpen() {
        #expect(throws: SQLiteError.self) { try Database(path: "/nonexistent/dir/x.db", mode: .readOnly) }
    }
}
