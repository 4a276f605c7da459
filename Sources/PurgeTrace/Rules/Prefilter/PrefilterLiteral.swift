/// A byte string that must occur in a message for a rule to have a chance. Caseless
/// literals are stored ASCII-lowercased and compared with ASCII folding only (which is
/// why the extractor never makes one from a letter that has non-ASCII case partners).
public struct PrefilterLiteral: Hashable, Sendable, CustomStringConvertible {
    public var bytes: [UInt8]
    public var caseless: Bool

    public init(bytes: [UInt8], caseless: Bool) {
        self.bytes = caseless ? bytes.map(PrefilterLiteral.fold) : bytes
        self.caseless = caseless
    }

    public init(_ text: String, caseless: Bool = false) {
        self.init(bytes: Array(text.utf8), caseless: caseless)
    }

    @inline(__always)
    static func fold(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }

    /// `"Sending '"` or `"finished export"(?i)`.
    public var description: String {
        var text = "\""
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            default:
                if scalar.value < 0x20 { text += "\\x" + String(scalar.value, radix: 16) } else { text.unicodeScalars.append(scalar) }
            }
        }
        return text + "\"" + (caseless ? "(?i)" : "")
    }

    /// Concatenation: caseless when either part is (a weaker test, so still safe).
    static func + (a: PrefilterLiteral, b: PrefilterLiteral) -> PrefilterLiteral {
        if a.bytes.isEmpty { return b }
        if b.bytes.isEmpty { return a }
        return PrefilterLiteral(bytes: a.bytes + b.bytes, caseless: a.caseless || b.caseless)
    }
}
