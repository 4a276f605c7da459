extension RegexSyntax.Parser {
    /// A backslash escape: a literal character, or something opaque (a class like `\d`, an
    /// assertion, a backreference). An alphanumeric escape it does not know makes it unsure.
    mutating func escape(caseless: Bool) throws -> RegexSyntax.Node? {
        i += 1
        guard let c = peek() else { throw Unsure() }
        i += 1
        switch c {
        case "Q":
            var chars: [RegexSyntax.Node] = []
            while i < s.count {
                if s[i] == "\\", peek(1) == "E" {
                    i += 2
                    break
                }
                chars.append(literal(s[i], caseless: caseless))
                i += 1
            }
            return .group([chars])
        case "E":
            return nil
        case "a": return literal("\u{07}", caseless: caseless)
        case "e": return literal("\u{1B}", caseless: caseless)
        case "f": return literal("\u{0C}", caseless: caseless)
        case "n": return literal("\n", caseless: caseless)
        case "r": return literal("\r", caseless: caseless)
        case "t": return literal("\t", caseless: caseless)
        case "0":
            var value: UInt32 = 0
            var n = 0
            while n < 2, let d = peek(), d >= "0" && d <= "7" {
                value = value * 8 + (d.value - 48)
                i += 1
                n += 1
            }
            return try codePoint(value, caseless: caseless)
        case "o":
            guard peek() == "{" else { throw Unsure() }
            let digits = try braced()
            guard let value = UInt32(digits, radix: 8) else { throw Unsure() }
            return try codePoint(value, caseless: caseless)
        case "x":
            if peek() == "{" {
                let digits = try braced()
                guard let value = UInt32(digits, radix: 16) else { throw Unsure() }
                return try codePoint(value, caseless: caseless)
            }
            var value: UInt32 = 0
            var n = 0
            while n < 2, let d = peek(), let h = hexValue(d) {
                value = value * 16 + h
                i += 1
                n += 1
            }
            return try codePoint(value, caseless: caseless)
        case "c":
            guard let d = peek(), d.value < 0x80 else { throw Unsure() }
            i += 1
            let upper = d.value >= 0x61 && d.value <= 0x7A ? d.value - 32 : d.value
            return try codePoint(upper ^ 0x40, caseless: caseless)
        case "N":
            if peek() == "{" {
                let name = try braced()
                if name.hasPrefix("U+"), let value = UInt32(name.dropFirst(2), radix: 16) {
                    return try codePoint(value, caseless: caseless)
                }
                throw Unsure()
            }
            return .opaque
        case "d", "D", "w", "W", "s", "S", "h", "H", "v", "V", "R", "X", "b", "B", "A", "Z", "z", "G":
            return .opaque
        case "C":
            features.insert(.singleCodeUnit)
            return .opaque
        case "K":
            features.insert(.resetMatchStart)
            return .opaque
        case "p", "P":
            if peek() == "{" { _ = try braced() } else { i += 1 }
            return .opaque
        case "1"..."9":
            while let d = peek(), d >= "0" && d <= "9" { i += 1 }
            features.insert(.backreference)
            return .opaque
        case "g":
            switch peek() {
            case "{":
                _ = try braced()
                features.insert(.backreference)
            case "<", "'":
                let close: Unicode.Scalar = peek() == "<" ? ">" : "'"
                try skip(to: close)
                features.insert(.recursion)
            default:
                if peek() == "+" || peek() == "-" { i += 1 }
                while let d = peek(), d >= "0" && d <= "9" { i += 1 }
                features.insert(.backreference)
            }
            return .opaque
        case "k":
            switch peek() {
            case "<": try skip(to: ">")
            case "'": try skip(to: "'")
            case "{": _ = try braced()
            default: throw Unsure()
            }
            features.insert(.backreference)
            return .opaque
        default:
            let v = c.value
            let isAlnum = v < 0x80 && ((v | 0x20) >= 0x61 && (v | 0x20) <= 0x7A || (v >= 0x30 && v <= 0x39))
            if isAlnum { throw Unsure() }
            return literal(c, caseless: caseless)
        }
    }

    func hexValue(_ c: Unicode.Scalar) -> UInt32? {
        switch c.value {
        case 0x30...0x39: return c.value - 0x30
        case 0x41...0x46: return c.value - 0x41 + 10
        case 0x61...0x66: return c.value - 0x61 + 10
        default: return nil
        }
    }

    func codePoint(_ value: UInt32, caseless: Bool) throws -> RegexSyntax.Node {
        guard let scalar = Unicode.Scalar(value) else { throw Unsure() }
        return literal(scalar, caseless: caseless)
    }

    /// `{…}` at `i`: returns the text inside and moves past the `}`.
    mutating func braced() throws -> String {
        guard peek() == "{" else { throw Unsure() }
        var j = i + 1
        var text = String.UnicodeScalarView()
        while j < s.count, s[j] != "}" {
            text.append(s[j])
            j += 1
        }
        guard j < s.count else { throw Unsure() }
        i = j + 1
        return String(text)
    }

    /// Moves past the first `close` after the current opener.
    mutating func skip(to close: Unicode.Scalar) throws {
        i += 1
        while i < s.count, s[i] != close { i += 1 }
        guard i < s.count else { throw Unsure() }
        i += 1
    }
}
