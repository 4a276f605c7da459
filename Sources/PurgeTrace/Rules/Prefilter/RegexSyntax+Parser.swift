extension RegexSyntax {
    struct Parser {
        struct Unsure: Error {}

        let s: [Unicode.Scalar]
        var i = 0
        var features = Set<Feature>()
        var literalSafe = true

        init(scalars: [Unicode.Scalar]) { self.s = scalars }

        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            i + offset < s.count ? s[i + offset] : nil
        }

        /// Alternatives up to a `)` (left unconsumed) or the end. An option set inside a group
        /// lasts to the group's end, across later alternatives, as in PCRE2.
        mutating func body(caseless: inout Bool) throws -> [[Node]] {
            var branches: [[Node]] = []
            var current: [Node] = []
            while let c = peek(), c != ")" {
                if c == "|" {
                    branches.append(current)
                    current = []
                    i += 1
                    continue
                }
                let quoted = peek() == "\\" && peek(1) == "Q"
                guard var atom = try self.atom(caseless: &caseless) else { continue }
                // A quantifier after \Q…\E repeats only its last character: not modelled.
                if quoted, let next = peek(), next == "*" || next == "+" || next == "?" || next == "{" { throw Unsure() }
                while let q = try quantifier() {
                    atom = .repeated(atom, min: q.min, max: q.max)
                }
                current.append(atom)
            }
            branches.append(current)
            return branches
        }

        private mutating func quantifier() throws -> (min: Int, max: Int?)? {
            guard let c = peek() else { return nil }
            var q: (min: Int, max: Int?)
            switch c {
            case "*": q = (0, nil); i += 1
            case "+": q = (1, nil); i += 1
            case "?": q = (0, 1); i += 1
            case "{":
                guard let brace = braceQuantifier() else { return nil }
                q = brace
            default: return nil
            }
            if peek() == "+" {
                features.insert(.possessiveQuantifier)
                i += 1
            } else if peek() == "?" {
                i += 1
            }
            return q
        }

        /// `{n}`, `{n,}`, `{n,m}` are quantifiers in every PCRE2. Forms newer releases also
        /// accept (`{,m}`, spaces) are read as "optional": safe whether they are a
        /// quantifier or literal text.
        private mutating func braceQuantifier() -> (min: Int, max: Int?)? {
            var j = i + 1
            var content: [Unicode.Scalar] = []
            while j < s.count, s[j] != "}" {
                let c = s[j]
                guard c == "," || c == " " || (c >= "0" && c <= "9") else { return nil }
                content.append(c)
                j += 1
            }
            guard j < s.count, content.contains(where: { $0 >= "0" && $0 <= "9" }) else { return nil }
            i = j + 1
            let text = String(String.UnicodeScalarView(content))
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            let standard = !text.contains(" ") && parts.count <= 2 && !parts[0].isEmpty
            guard standard, let low = Int(parts[0]), low <= 10_000 else { return (0, nil) }
            if parts.count == 1 { return (low, low) }
            if parts[1].isEmpty { return (low, nil) }
            guard let high = Int(parts[1]) else { return (0, nil) }
            return (low, high)
        }

        private mutating func atom(caseless: inout Bool) throws -> Node? {
            let c = s[i]
            switch c {
            case "\\":
                return try escape(caseless: caseless)
            case "[":
                try skipClass()
                return .opaque
            case "(":
                return try group(caseless: &caseless)
            case ".", "^", "$":
                i += 1
                return .opaque
            case "*", "+", "?":
                throw Unsure()
            case "{":
                // Not after an atom: literal text unless it looks like a quantifier.
                if braceQuantifier() != nil { return .opaque }
                i += 1
                return literal(c, caseless: caseless)
            default:
                i += 1
                return literal(c, caseless: caseless)
            }
        }

        /// ASCII letters compare caselessly by folding; `k` and `s` do not, because PCRE2's
        /// Unicode caseless matching also takes the Kelvin sign and the long s for them, and
        /// any other non-ASCII letter has Unicode case partners too.
        func literal(_ c: Unicode.Scalar, caseless: Bool) -> Node {
            let v = c.value
            guard caseless else { return .char(Array(String(c).utf8), caseless: false) }
            if v < 0x80 {
                let b = UInt8(v)
                let lower = b | 0x20
                let isLetter = lower >= 0x61 && lower <= 0x7A
                if !isLetter { return .char([b], caseless: false) }
                if lower == 0x6B || lower == 0x73 { return .opaque }
                return .char([lower], caseless: true)
            }
            return .opaque
        }

        private mutating func skipClass() throws {
            i += 1
            if peek() == "^" { i += 1 }
            if peek() == "]" { i += 1 }
            while i < s.count {
                let c = s[i]
                if c == "\\" {
                    if peek(1) == "Q" { throw Unsure() }
                    i += 2
                } else if c == "[", peek(1) == ":" || peek(1) == "." || peek(1) == "=" {
                    let kind = s[i + 1]
                    var j = i + 2
                    while j + 1 < s.count, !(s[j] == kind && s[j + 1] == "]") { j += 1 }
                    guard j + 1 < s.count else { throw Unsure() }
                    i = j + 2
                } else if c == "]" {
                    i += 1
                    return
                } else {
                    i += 1
                }
            }
            throw Unsure()
        }

        /// Skips a parenthesized construct at `i`, counting nested groups, escapes and classes.
        private mutating func skipBalanced() throws {
            var depth = 0
            while i < s.count {
                let c = s[i]
                switch c {
                case "\\":
                    if peek(1) == "Q" {
                        i += 2
                        while i < s.count, !(s[i] == "\\" && peek(1) == "E") { i += 1 }
                        i += 2
                    } else {
                        i += 2
                    }
                case "[":
                    try skipClass()
                case "(":
                    depth += 1
                    i += 1
                case ")":
                    depth -= 1
                    i += 1
                    if depth == 0 { return }
                default:
                    i += 1
                }
            }
            throw Unsure()
        }

        private mutating func closeGroup() throws {
            guard peek() == ")" else { throw Unsure() }
            i += 1
        }

        /// A group body with its own option scope.
        private mutating func scopedBody(caseless: Bool) throws -> [[Node]] {
            var inner = caseless
            let branches = try body(caseless: &inner)
            try closeGroup()
            return branches
        }

        private mutating func group(caseless: inout Bool) throws -> Node? {
            let start = i
            i += 1
            if peek() == "*" {
                // (*ACCEPT), (*COMMIT), (*UTF)…: verbs can end a match early, so no literal is safe.
                features.insert(.verb)
                literalSafe = false
                i = start
                try skipBalanced()
                return .opaque
            }
            guard peek() == "?" else {
                return .group(try scopedBody(caseless: caseless))
            }
            i += 1
            guard let c = peek() else { throw Unsure() }
            switch c {
            case "#":
                try skip(to: ")")
                return nil
            case ":", "|":
                i += 1
                return .group(try scopedBody(caseless: caseless))
            case ">":
                features.insert(.atomicGroup)
                i += 1
                return .group(try scopedBody(caseless: caseless))
            case "=", "!":
                i += 1
                _ = try scopedBody(caseless: caseless)
                return .opaque
            case "<":
                if peek(1) == "=" || peek(1) == "!" {
                    features.insert(.lookbehind)
                    i += 2
                    _ = try scopedBody(caseless: caseless)
                    return .opaque
                }
                try skip(to: ">")
                return .group(try scopedBody(caseless: caseless))
            case "'":
                try skip(to: "'")
                return .group(try scopedBody(caseless: caseless))
            case "P":
                i += 1
                switch peek() {
                case "<":
                    try skip(to: ">")
                    return .group(try scopedBody(caseless: caseless))
                case "=":
                    features.insert(.backreference)
                    try skip(to: ")")
                    return .opaque
                case ">":
                    features.insert(.recursion)
                    try skip(to: ")")
                    return .opaque
                default:
                    throw Unsure()
                }
            case "R", "&", "0"..."9", "+":
                features.insert(.recursion)
                try skip(to: ")")
                return .opaque
            case "-" where peek(1).map { $0 >= "0" && $0 <= "9" } ?? false:
                features.insert(.recursion)
                try skip(to: ")")
                return .opaque
            case "C":
                features.insert(.callout)
                literalSafe = false
                i = start
                try skipBalanced()
                return .opaque
            case "(":
                features.insert(.conditional)
                i = start
                try skipBalanced()
                return .opaque
            default:
                return try options(caseless: &caseless)
            }
        }

        /// `(?i)`, `(?-i)`, `(?^)`, `(?im-sx)`, and the scoped `(?i:…)`.
        private mutating func options(caseless: inout Bool) throws -> Node? {
            var on = true
            var value = caseless
            while let c = peek(), c != ")", c != ":" {
                switch c {
                case "-": on = false
                case "^": value = false; on = true
                case "i": value = on
                case "x":
                    features.insert(.inlineOption)
                    literalSafe = false
                case "m", "n", "s", "J", "U":
                    features.insert(.inlineOption)
                default:
                    features.insert(.inlineOption)
                    literalSafe = false
                }
                i += 1
            }
            guard let end = peek() else { throw Unsure() }
            i += 1
            if end == ")" {
                caseless = value
                return nil
            }
            return .group(try scopedBody(caseless: value))
        }
    }
}
