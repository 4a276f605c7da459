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

    /// Control characters are escaped: C0 and DEL as JSON requires, and also the C1 controls
    /// (U+0080–U+009F, which some terminals run as 8-bit escapes) and the bidi controls
    /// (which reorder what a reader sees), so log text in a report printed to a terminal
    /// acts on nothing. The parsed value is the same.
    static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if s.utf8.withContiguousStorageIfAvailable({ writeEscaped($0, into: &out) }) == nil {
            Array(s.utf8).withUnsafeBufferPointer { writeEscaped($0, into: &out) }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        let n = utf8.count
        var i = 0
        while i < n {
            let b = utf8[i]
            switch b {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case 10: out.append(contentsOf: "\\n".utf8)
            case 13: out.append(contentsOf: "\\r".utf8)
            case 9: out.append(contentsOf: "\\t".utf8)
            case 8: out.append(contentsOf: "\\b".utf8)
            case 12: out.append(contentsOf: "\\f".utf8)
            case 0..<32, 127: appendEscape(UInt32(b), into: &out)
            case 0xC2 where i + 1 < n && (0x80...0x9F).contains(utf8[i + 1]):
                appendEscape(UInt32(utf8[i + 1]), into: &out)
                i += 1
            case 0xD8 where i + 1 < n && utf8[i + 1] == 0x9C:  // U+061C ARABIC LETTER MARK
                appendEscape(0x061C, into: &out)
                i += 1
            case 0xE2 where i + 2 < n && isBidiControl(utf8[i + 1], utf8[i + 2]):
                appendEscape(0x2000 | (UInt32(utf8[i + 1] & 0x3F) << 6) | UInt32(utf8[i + 2] & 0x3F), into: &out)
                i += 2
            default: out.append(b)
            }
            i += 1
        }
    }

    /// U+200E–U+200F, U+202A–U+202E, U+2066–U+2069 after the lead byte E2.
    private static func isBidiControl(_ b1: UInt8, _ b2: UInt8) -> Bool {
        (b1 == 0x80 && (b2 == 0x8E || b2 == 0x8F || (0xAA...0xAE).contains(b2))) || (b1 == 0x81 && (0xA6...0xA9).contains(b2))
    }

    private static func appendEscape(_ scalar: UInt32, into out: inout [UInt8]) {
        let digits = Array("0123456789abcdef".utf8)
        out.append(contentsOf: "\\u".utf8)
        for shift in [12, 8, 4, 0] { out.append(digits[Int((scalar >> UInt32(shift)) & 15)]) }
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
