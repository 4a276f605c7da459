import Foundation
import SQLiteKit

/// Every value of every table of a database as text (what `sqlite3 .dump` shows, without
/// needing the shell): the privacy tests grep it for what must not be there.
enum SQLiteDump {
    static func dump(_ path: String) throws -> String {
        let db = try Database(path: path, mode: .readOnly)
        let tables = try db.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap { row -> String? in
            if case .text(let name) = row[0] { return name } else { return nil }
        }
        var out = ""
        for table in tables {
            out += "-- \(table)\n"
            for row in try db.query("SELECT * FROM \"\(table.replacingOccurrences(of: "\"", with: "\"\""))\"") {
                out += row.map { value -> String in
                    switch value {
                    case .null: return "NULL"
                    case .integer(let v): return String(v)
                    case .real(let v): return String(v)
                    case .text(let v): return v
                    case .blob(let v): return String(decoding: v, as: UTF8.self)
                    }
                }.joined(separator: "|") + "\n"
            }
        }
        return out
    }
}
