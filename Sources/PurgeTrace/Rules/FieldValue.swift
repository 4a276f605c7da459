/// A signal field: integers for the numeric field names (`items`, `bytes`, `count`,
/// `deleted`, `code`, `transaction`), text otherwise.
public enum FieldValue: Hashable, Sendable, Comparable, CustomStringConvertible {
    case int(Int64)
    case string(String)

    /// Field names whose captures are integers (contract §4.1).
    public static let integerFields: Set<String> = ["items", "bytes", "count", "deleted", "code", "transaction"]

    public var description: String {
        switch self {
        case .int(let v): return String(v)
        case .string(let s): return s
        }
    }

    public var intValue: Int64? {
        switch self {
        case .int(let v): return v
        case .string(let s): return Int64(s)
        }
    }

    /// Integers sort before strings; within a kind, natural order.
    public static func < (a: FieldValue, b: FieldValue) -> Bool {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x < y
        case (.string(let x), .string(let y)): return x.utf8.lexicographicallyPrecedes(y.utf8)
        case (.int, .string): return true
        case (.string, .int): return false
        }
    }
}
