import Foundation

/// Typed reads from `JSONSerialization` output, failing with the field's name.
enum JSONField {
    struct Missing: Error, CustomStringConvertible {
        var field: String
        var description: String { "JSON field \(field) is missing or has the wrong type" }
    }

    static func object(_ value: Any?, _ field: String) throws -> [String: Any] {
        guard let v = value as? [String: Any] else { throw Missing(field: field) }
        return v
    }

    static func objects(_ value: Any?, _ field: String) throws -> [[String: Any]] {
        guard let v = value as? [[String: Any]] else { throw Missing(field: field) }
        return v
    }

    static func string(_ value: Any?, _ field: String) throws -> String {
        guard let v = value as? String else { throw Missing(field: field) }
        return v
    }

    static func strings(_ value: Any?, _ field: String) throws -> [String] {
        guard let v = value as? [String] else { throw Missing(field: field) }
        return v
    }

    static func double(_ value: Any?, _ field: String) throws -> Double {
        guard let v = number(value)?.doubleValue else { throw Missing(field: field) }
        return v
    }

    static func int(_ value: Any?, _ field: String) throws -> Int {
        guard let v = optionalInt(value) else { throw Missing(field: field) }
        return v
    }

    /// nil for JSON `null` (NSNull) or a missing key.
    static func optionalString(_ value: Any?) -> String? { value as? String }

    static func optionalInt(_ value: Any?) -> Int? { number(value)?.intValue }

    private static func number(_ value: Any?) -> NSNumber? { value as? NSNumber }
}
