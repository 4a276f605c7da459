/// A JSON document with ordered object keys, written canonically: keys in the order
/// given (callers sort maps), `null`s written, no `\/` escapes, floats with at least
/// one decimal, two-space indentation. The JSON report's byte-for-byte determinism
/// rests on this writer.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    public static func int(_ v: Int) -> JSONValue { .int(Int64(v)) }

    /// An object from pairs in the given order.
    public static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(pairs.map { JSONMember($0.key, $0.value) })
    }

    /// An object from a dictionary, keys sorted by their UTF-8 bytes.
    public static func sortedObject(_ dictionary: [String: JSONValue]) -> JSONValue {
        .object(dictionary.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { JSONMember($0.key, $0.value) })
    }

    public static func optional(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
    public static func optional(_ v: Int64?) -> JSONValue { v.map(JSONValue.int) ?? .null }
    public static func optional(_ v: Double?) -> JSONValue { v.map(JSONValue.double) ?? .null }

    /// Pretty text with two-space indentation and a final newline.
    public func rendered(pretty: Bool = true) -> String {
        var out = [UInt8]()
        out.reserveCapacity(4096)
        write(into: &out, indent: pretty ? 0 : -1)
        if pretty { out.append(10) }
        return String(decoding: out, as: UTF8.self)
    }

    /// One line, no spaces (for JSON Lines output).
    public var compact: String { rendered(pretty: false) }

    private func write(into out: inout [UInt8], indent: Int) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let v): out.append(contentsOf: String(v).utf8)
        case .double(let v): out.append(contentsOf: JSONValue.format(v).utf8)
        case .string(let s): JSONValue.writeString(s, into: &out)
        case .array(let items):
            if items.isEmpty { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, indent < 0 ? -1 : indent + 1)
                item.write(into: &out, indent: indent < 0 ? -1 : indent + 1)
            }
            newline(&out, indent)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (i, member) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, indent < 0 ? -1 : indent + 1)
                JSONValue.writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                if indent >= 0 { out.append(UInt8(ascii: " ")) }
                member.value.write(into: &out, indent: indent < 0 ? -1 : indent + 1)
            }
            newline(&out, indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    private func newline(_ out: inout [UInt8], _ indent: Int) {
        guard indent >= 0 else { return }
        out.append(10)
        for _ in 0..<indent { out.append(32); out.append(32) }
    }

    /// Floats always carry a decimal point; non-finite values are written as null.
    static func format(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) + ".0" }
        return String(v)
    }

    static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case 10: out.append(contentsOf: "\\n".utf8)
            case 13: out.append(contentsOf: "\\r".utf8)
            case 9: out.append(contentsOf: "\\t".utf8)
            case 8: out.append(contentsOf: "\\b".utf8)
            case 12: out.append(contentsOf: "\\f".utf8)
            case 0..<32, 127:
                let digits = Array("0123456789abcdef".utf8)
                out.append(contentsOf: "\\u00".utf8)
                out.append(digits[Int(b >> 4)])
                out.append(digits[Int(b & 15)])
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

public struct JSONMember: Equatable, Sendable {
    public let key: String
    public let value: JSONValue
    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}
