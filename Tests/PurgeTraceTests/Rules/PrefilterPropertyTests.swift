import Testing
@testable import PurgeTrace
import PCRE2Kit

/// The prefilter is only an optimization: on any message it must give exactly the
/// signals that running every rule's regexes would give.
@Suite struct PrefilterPropertyTests {
    static let tricky = """
        id: t.alternation
        match: ['(?:Export|Import) failed with (?:error|code \\d+)', 'UC=\\d+, Items=(?<items>\\d+)']
        ---
        id: t.caseless
        caseless: true
        match: ['finished export: (?<what>\\w+)', 'Task skipped', 'KELVIN sink']
        ---
        id: t.inline
        match: ['(?i)wal checkpoint(?-i): Database', 'pragma\\s+incremental_vacuum\\(\\d+\\)']
        ---
        id: t.optional
        match: ['colou?r (?:red|green)?\\s*value=\\d+']
        ---
        id: t.quoted
        match: ['\\QSnapshot (v2)\\E written', 'caf\\x{e9} cr\\x{e8}me|caf\\x{e9} noir']
        ---
        id: t.match_all
        match: ['zone']
        match-all: ['deleted (?<deleted>\\d+)', 'objects?\\b']
        not: ['skipped']
        ---
        id: t.no_literal
        match: ['\\d{3}-\\d{4}']
        """

    /// Message fragments: the rules' literals in various cases, pieces of their examples,
    /// and noise (ASCII, Unicode case partners of ASCII letters, invalid UTF-8).
    static func fragments(_ ruleSet: RuleSet) -> [[UInt8]] {
        var out: [[UInt8]] = []
        let prefilter = RulePrefilter(rules: ruleSet.eventRules)
        for literals in prefilter.ruleLiterals.compactMap({ $0 }) {
            for literal in literals {
                let text = String(decoding: literal.bytes, as: UTF8.self)
                out.append(Array(text.utf8))
                out.append(Array(text.uppercased().utf8))
                out.append(Array(text.capitalized.utf8))
                out.append(Array(text.utf8.dropLast()))
                out.append(Array(text.utf8.dropFirst()))
            }
        }
        for rule in ruleSet.eventRules {
            for example in rule.examples {
                let bytes = Array(example.text.utf8)
                out.append(bytes)
                var start = 0
                while start < bytes.count {
                    let end = min(bytes.count, start + 7 + (start * 7919) % 41)
                    out.append(Array(bytes[start..<end]))
                    start = end
                }
            }
        }
        let noise: [String] = [
            " ", "  ", ": ", "\n", "\t", "0", "7", "15", "134301", "=", "(", ")", "'", "\"", "x", "ab",
            "\u{212A}", "\u{017F}", "é", "É", "🛟", "ſync", "\u{212A}ELVIN", "WAL CHEC\u{212A}POINT", "crème",
        ]
        out += noise.map { Array($0.utf8) }
        out += [[0xFF], [0xC3], [0xE2, 0x82], [0x80, 0x80]]
        return out
    }

    @Test func prefilterNeverChangesWhatMatches() throws {
        let shipped = RuleTesting.shipped
        let extra = RuleTesting.load(Self.tricky, file: "tricky.yml")
        #expect(extra.diagnostics.isEmpty, "\(extra.diagnostics)")
        var ruleSet = shipped.ruleSet
        ruleSet.eventRules += extra.ruleSet.eventRules
        let engine = RuleEngine(ruleSet: ruleSet)
        let filtered = engine.makeMatcher()
        let unfiltered = engine.makeMatcher()
        let fragments = Self.fragments(ruleSet)
        var random = SeededRandom(seed: 0x5EED_1234)
        let source = RuleTesting.source
        var matchedMessages = 0
        for _ in 0..<20_000 {
            var message: [UInt8] = []
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                message += fragments[Int.random(in: 0..<fragments.count, using: &random)]
            }
            message.withUnsafeBytes { buffer in
                var view = RecordView(time: Instant(seconds: 0), utcOffset: nil, text: buffer, message: buffer, line: 1,
                                      byteOffset: 0)
                view.pid = 1
                var fast: [String] = []
                filtered.match(view, source: source) { fast.append("\($0.ruleID) \(Self.describe($0.fields))") }
                var slow: [String] = []
                var fields = RecordFields(record: view, source: source)
                for index in ruleSet.eventRules.indices {
                    if case .matched(let captured) = unfiltered.evaluate(index, record: view, fields: &fields) {
                        slow.append("\(ruleSet.eventRules[index].header.id) \(Self.describe(captured))")
                    }
                }
                #expect(fast == slow, "message: \(String(decoding: message, as: UTF8.self))")
                if !slow.isEmpty { matchedMessages += 1 }
            }
        }
        // Not vacuous: many messages matched, and most rule evaluations were skipped.
        #expect(matchedMessages > 2_000)
        #expect(filtered.stats.rulesSkipped > filtered.stats.rulesTried * 3)
    }

    static func describe(_ fields: [String: FieldValue]) -> String {
        fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
    }

    /// Soundness of literal extraction on random patterns: whenever PCRE2 matches a
    /// subject, the subject holds one of the pattern's extracted literals.
    @Test func extractedLiteralsAreInEveryMatchOfRandomPatterns() throws {
        var random = SeededRandom(seed: 42)
        let words = ["abc", "Export", "failed", "k", "s", "é", "x", "12", "Sink", "wal"]
        let tokens = ["abc", "ABC", "Export", "EXPORT", "failed", "FAILED", "k", "K", "\u{212A}", "s", "S", "\u{017F}", "é",
                      "É", "x", "X", "12", "a(b", "A(B", " ", ".", "sink", "SINK", "\u{212A}ELVIN", "wal", "WAL", "xx"]
        func atom(_ depth: Int) -> String {
            let word = words[Int.random(in: 0..<words.count, using: &random)]
            switch Int.random(in: 0..<(depth > 2 ? 6 : 13), using: &random) {
            case 0, 1, 2: return NSRegularExpressionEscape(word)
            case 3: return "\\d+"
            case 4: return "[a-z]"
            case 5: return "."
            case 6: return "(?:" + sequence(depth + 1) + "|" + sequence(depth + 1) + ")"
            case 7: return "(" + sequence(depth + 1) + ")"
            case 8: return "(?i:" + sequence(depth + 1) + ")"
            case 9: return "(?=" + sequence(depth + 1) + ")"
            case 10: return "(?!" + sequence(depth + 1) + ")"
            case 11: return "\\Qa(b\\E"
            default: return "(?<n\(depth)x\(Int.random(in: 0..<1000, using: &random))>" + sequence(depth + 1) + ")"
            }
        }
        func sequence(_ depth: Int) -> String {
            let quantifiers = ["", "", "", "?", "*", "+", "{2}", "{1,3}", "{0,2}", "??", "+?"]
            var out = ""
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                var a = atom(depth)
                if a.hasPrefix("(?=") || a.hasPrefix("(?!") || a.hasPrefix("\\Q") {
                    out += a
                    continue
                }
                let q = quantifiers[Int.random(in: 0..<quantifiers.count, using: &random)]
                if !q.isEmpty, a.count > 1, !a.hasPrefix("(") { a = "(?:" + a + ")" }
                out += a + q
            }
            return out
        }
        let matcher = PatternMatcher()
        var checkedMatches = 0
        var withLiterals = 0
        for _ in 0..<2_000 {
            var text = sequence(0)
            if Bool.random(using: &random) { text += "|" + sequence(0) }
            if Int.random(in: 0..<5, using: &random) == 0 { text = "(?i)" + text }
            let caseless = Int.random(in: 0..<4, using: &random) == 0
            guard let pattern = try? Pattern(text, options: caseless ? .caseless : []) else { continue }
            guard let literals = LiteralExtractor.requiredLiterals(text, caseless: caseless) else { continue }
            withLiterals += 1
            let searcher = MultiLiteralSearcher(literals: literals)
            for _ in 0..<60 {
                var subject = ""
                for _ in 0..<Int.random(in: 1...6, using: &random) { subject += tokens[Int.random(in: 0..<tokens.count, using: &random)] }
                let bytes = Array(subject.utf8)
                let matched = bytes.withUnsafeBytes { (try? matcher.matches(pattern, in: $0)) ?? false }
                guard matched else { continue }
                checkedMatches += 1
                var found = false
                bytes.withUnsafeBytes { buffer in searcher.scan(buffer) { _ in found = true; return false } }
                #expect(found, "pattern \(text) caseless=\(caseless) literals \(literals) subject \(subject)")
                if !found { return }
            }
        }
        #expect(withLiterals > 500, "\(withLiterals)")
        #expect(checkedMatches > 1_500, "\(checkedMatches)")
    }

    private func NSRegularExpressionEscape(_ word: String) -> String {
        var out = ""
        for c in word.unicodeScalars {
            if "\\^$.|?*+()[]{}".unicodeScalars.contains(c) { out += "\\" }
            out.unicodeScalars.append(c)
        }
        return out
    }

    @Test func searcherFindsOverlappingAndCaselessLiterals() {
        let searcher = MultiLiteralSearcher(literals: [
            PrefilterLiteral("he"), PrefilterLiteral("she"), PrefilterLiteral("hers"), PrefilterLiteral("HIS", caseless: true),
        ])
        func found(_ text: String) -> Set<Int> {
            var ids = Set<Int>()
            Array(text.utf8).withUnsafeBytes { buffer in searcher.scan(buffer) { ids.insert($0); return true } }
            return ids
        }
        #expect(found("ushers") == [0, 1, 2])
        #expect(found("USHERS") == [])
        #expect(found("this") == [3])
        #expect(found("tHiS") == [3])
        #expect(found("") == [])
    }

    @Test func caseSensitiveLiteralIsVerifiedAgainstTheRawBytes() {
        let searcher = MultiLiteralSearcher(literals: [PrefilterLiteral("Export failed")])
        var hits = 0
        Array("EXPORT FAILED export failed".utf8).withUnsafeBytes { searcher.scan($0) { _ in hits += 1; return true } }
        #expect(hits == 0)
    }
}
