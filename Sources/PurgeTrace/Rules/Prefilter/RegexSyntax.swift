/// Just enough of a PCRE2 pattern's structure for two jobs: finding the literals every
/// match must contain (the prefilter) and spotting constructs outside the portable Sigma
/// subset (`rules lint`). PCRE2 has already accepted the pattern; this parser only has
/// to be right about what it claims, and says "unsure" (`literalSafe == false`) for
/// anything it does not model, so the prefilter then never skips the rule.
public struct RegexSyntax: Sendable {
    /// A node of the pattern as far as literals are concerned.
    indirect enum Node: Sendable {
        /// One literal character: its UTF-8 bytes, ASCII-lowercased when matched caselessly.
        case char([UInt8], caseless: Bool)
        /// Something that matches text we do not model (a class, `.`, `\d`, an assertion, a
        /// backreference, a lookaround…): it breaks literal runs and requires nothing.
        case opaque
        /// A group: alternatives, each a sequence.
        case group([[Node]])
        case repeated(Node, min: Int, max: Int?)
    }

    /// Constructs outside the portable subset of regular expressions Sigma rules use.
    public enum Feature: String, Sendable, CaseIterable, Comparable {
        case lookbehind = "lookbehind"
        case possessiveQuantifier = "possessive quantifier"
        case atomicGroup = "atomic group"
        case resetMatchStart = "\\K"
        case recursion = "recursion or subroutine call"
        case backreference = "backreference"
        case callout = "callout"
        case inlineOption = "inline option other than (?i)"
        case verb = "backtracking control verb (*…)"
        case conditional = "conditional group"
        case singleCodeUnit = "\\C"

        public static func < (a: Feature, b: Feature) -> Bool { a.rawValue < b.rawValue }
    }

    /// Alternatives of the whole pattern; nil when the parser gave up.
    let root: [[Node]]?
    public let features: Set<Feature>
    /// False when the pattern holds something that can make literal analysis wrong
    /// (`(*ACCEPT)` and other verbs, extended mode, callouts) or that this parser does not model.
    public let literalSafe: Bool

    public init(_ pattern: String, caseless: Bool) {
        var parser = Parser(scalars: Array(pattern.unicodeScalars))
        var root: [[Node]]?
        do {
            var flag = caseless
            root = try parser.body(caseless: &flag)
            if parser.i < parser.s.count { throw Parser.Unsure() }
        } catch {
            root = nil
        }
        self.features = parser.features
        self.literalSafe = parser.literalSafe && root != nil
        self.root = self.literalSafe ? root : nil
    }
}
