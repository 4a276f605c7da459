// YAMLKit: the only code that knows libyaml.
//
// Rule files need their errors to name a line, so the loader builds a small node tree
// from libyaml's event stream and keeps the start mark (1-based line and column) of
// every node. Scalars stay strings with their quoting style: the rule loader decides
// what a value means (a quoted "5" is text, a plain 5 may be a number).

/// Position in the YAML text, 1-based.
public struct YAMLMark: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    public var description: String { "\(line):\(column)" }
}

public struct YAMLScalar: Equatable, Sendable {
    public enum Style: Sendable { case plain, singleQuoted, doubleQuoted, literal, folded }
    public let value: String
    public let style: Style
    public let tag: String?
    public let mark: YAMLMark

    /// A plain scalar that YAML 1.1/1.2 reads as null (`~`, `null`, or empty).
    public var isNull: Bool {
        style == .plain && (value.isEmpty || value == "~" || value == "null" || value == "Null" || value == "NULL")
    }
}

/// A node of a YAML document with its position.
public indirect enum YAMLNode: Equatable, Sendable {
    case scalar(YAMLScalar)
    case sequence([YAMLNode], mark: YAMLMark)
    case mapping([YAMLPair], mark: YAMLMark)

    public var mark: YAMLMark {
        switch self {
        case .scalar(let s): return s.mark
        case .sequence(_, let mark), .mapping(_, let mark): return mark
        }
    }

    /// The scalar, if this node is one.
    public var scalar: YAMLScalar? {
        if case .scalar(let s) = self { return s }
        return nil
    }

    /// The value of a mapping's key (first occurrence), if this is a mapping.
    public subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs, _) = self else { return nil }
        return pairs.first { $0.key.scalar?.value == key }?.value
    }

    /// A short word for messages: "a mapping", "a list", "a scalar".
    public var kindName: String {
        switch self {
        case .scalar: return "a scalar"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}

public struct YAMLPair: Equatable, Sendable {
    public let key: YAMLNode
    public let value: YAMLNode
    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}

/// One document of a stream; `root` is nil for an empty document.
public struct YAMLDocument: Equatable, Sendable {
    public let root: YAMLNode?
    public let mark: YAMLMark
}

/// A syntax error from libyaml, with where it was found.
public struct YAMLError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public let mark: YAMLMark?

    public init(message: String, mark: YAMLMark?) {
        self.message = message
        self.mark = mark
    }

    public var description: String {
        if let mark { return "line \(mark.line), column \(mark.column): \(message)" }
        return message
    }
}
