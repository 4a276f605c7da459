/// A strict JSON reader for the documents purgetrace writes itself (the timeline
/// database's `*_json` columns, tests reading reports back). It keeps what
/// Foundation's reader loses: integers stay `.int` (never a Double), object keys keep
/// their order, and a string "123" stays a string — so a value written and read back
/// compares equal.
extension JSONValue {
    public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        public let message: String
        public let offset: Int
        public var description: String { "\(message) at byte \(offset)" }
    }

    /// Parses one JSON document (surrounding whitespace allowed).
    public init(parsing text: String) throws(ParseError) {
        var parser = JSONParser(bytes: Array(text.utf8))
        self = try parser.document()
    }
}

private struct JSONParser {
    let bytes: [UInt8]
    var i = 0
    /// Nesting deeper than this is refused instead of overflowing the stack.
    static let maxDepth = 512

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func document() throws(JSONValue.ParseError) -> JSONValue {
        let value = try parseValue(depth: 0)
        skipSpace()
        guard i == bytes.count else { throw fail("trailing characters") }
        return value
    }

    func fail(_ message: String) -> JSONValue.ParseError { JSONValue.ParseError(message: message, offset: i) }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 { i += 1 }
    }

    mutating func literal(_ word: String, _ value: JSONValue) throws(JSONValue.ParseError) -> JSONValue {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else { throw fail("invalid literal") }
        i += w.count
        return value
    }

    mutating func parseValue(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        guard depth < JSONParser.maxDepth else { throw fail("nesting too deep") }
        skipSpace()
        guard i < bytes.count else { throw fail("unexpected end") }
        switch bytes[i] {
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "["):
            i += 1
            var items: [JSONValue] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            while true {
                items.append(try parseValue(depth: depth + 1))
                skipSpace()
                guard i < bytes.count else { throw fail("unterminated array") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                throw fail("expected , or ]")
            }
        case UInt8(ascii: "{"):
            i += 1
            var members: [JSONMember] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a key") }
                let key = try parseString()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected :") }
                i += 1
                members.append(JSONMember(key, try parseValue(depth: depth + 1)))
                skipSpace()
                guard i < bytes.count else { throw fail("unterminated object") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
                throw fail("expected , or }")
            }
        default:
            return try parseNumber()
        }
    }

    mutating func parseNumber() throws(JSONValue.ParseError) -> JSONValue {
        let start = i
        var isFloat = false
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        let digitsStart = i
        while i < bytes.count, (48...57).contains(bytes[i]) { i += 1 }
        guard i > digitsStart else { throw fail("invalid value") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            isFloat = true
            i += 1
            let fractionStart = i
            while i < bytes.count, (48...57).contains(bytes[i]) { i += 1 }
            guard i > fractionStart else { throw fail("invalid number") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            isFloat = true
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            let exponentStart = i
            while i < bytes.count, (48...57).contains(bytes[i]) { i += 1 }
            guard i > exponentStart else { throw fail("invalid number") }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        if !isFloat, let v = Int64(text) { return .int(v) }
        guard let d = Double(text) else { throw fail("invalid number") }
        return .double(d)
    }

    mutating func hex4() throws(JSONValue.ParseError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("short \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            let d: UInt32
            switch c {
            case 48...57: d = UInt32(c - 48)
            case 65...70: d = UInt32(c - 55)
            case 97...102: d = UInt32(c - 87)
            default: throw fail("invalid \\u escape")
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }

    mutating func parseString() throws(JSONValue.ParseError) -> String {
        i += 1  // opening quote
        var out = [UInt8]()
        while true {
            guard i < bytes.count else { throw fail("unterminated string") }
            let c = bytes[i]
            i += 1
            switch c {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard i < bytes.count else { throw fail("unterminated escape") }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): out.append(34)
                case UInt8(ascii: "\\"): out.append(92)
                case UInt8(ascii: "/"): out.append(47)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar), i + 6 <= bytes.count, bytes[i] == 92, bytes[i + 1] == 117 {
                        i += 2
                        let low = try hex4()
                        if (0xDC00...0xDFFF).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            scalar = 0xFFFD
                        }
                    }
                    let s = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                    out.append(contentsOf: String(Character(s)).utf8)
                default: throw fail("invalid escape")
                }
            case 0..<32:
                throw fail("control character in string")
            default:
                out.append(c)
            }
        }
    }
}

extension JSONValue {
    /// The member named `key` of an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    public var int64Value: Int64? { if case .int(let v) = self { return v } else { return nil } }
    public var boolValue: Bool? { if case .bool(let v) = self { return v } else { return nil } }
    public var isNull: Bool { self == .null }
    public var arrayValue: [JSONValue]? { if case .array(let v) = self { return v } else { return nil } }
    public var objectMembers: [JSONMember]? { if case .object(let v) = self { return v } else { return nil } }

    /// A number as a Double (integers included).
    public var doubleValue: Double? {
        switch self {
        case .double(let v): return v
        case .int(let v): return Double(v)
        default: return nil
        }
    }
}
