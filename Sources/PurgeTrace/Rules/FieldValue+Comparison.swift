extension FieldValue {
    /// Equal as integers when both read as integers (`5` and `"5"`), else as text.
    public static func looselyEqual(_ a: FieldValue, _ b: FieldValue) -> Bool {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        default:
            guard let x = a.intValue, let y = b.intValue else { return false }
            return x == y
        }
    }

    /// -1, 0, 1: numerically when both are integers, by severity for record levels
    /// (`debug < info < default < error < fault`), else by UTF-8 bytes.
    public static func order(_ a: FieldValue, _ b: FieldValue, key: String) -> Int {
        if let x = a.intValue, let y = b.intValue { return x < y ? -1 : (x > y ? 1 : 0) }
        if key == "level", let x = LogLevel(rawValue: a.description), let y = LogLevel(rawValue: b.description) {
            return x < y ? -1 : (x > y ? 1 : 0)
        }
        let s = a.description, t = b.description
        if s == t { return 0 }
        return s.utf8.lexicographicallyPrecedes(t.utf8) ? -1 : 1
    }
}
