import YAMLKit

/// A mapping's entries by key, with the line of each key.
struct NodeMap {
    var mark: YAMLMark
    var values: [String: YAMLNode] = [:]
    var keyLines: [String: Int] = [:]
    /// Keys in the order written.
    var order: [String] = []

    subscript(key: String) -> YAMLNode? { values[key] }

    func line(_ key: String) -> Int { keyLines[key] ?? mark.line }
}
