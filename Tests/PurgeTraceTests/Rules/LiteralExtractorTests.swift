import Testing
@testable import PurgeTrace
import PCRE2Kit

@Suite struct LiteralExtractorTests {
    private func literals(_ pattern: String, caseless: Bool = false) -> [String]? {
        LiteralExtractor.requiredLiterals(pattern, caseless: caseless)?.map(\.description)
    }

    @Test func plainTextIsItsOwnLiteral() {
        #expect(literals("Finished importing changes") == ["\"Finished importing changes\""])
    }

    @Test func longestRunWinsAcrossGroupsAndClasses() {
        #expect(literals(#"Items=(?<items>\d+) in zone [a-z]+"#) == ["\" in zone \""])
        #expect(literals(#"UC=\d+, Items=(?<items>\d+)"#) == ["\", Items=\""])
    }

    @Test func escapesAreLiteralCharacters() {
        #expect(literals(#"Persistent History \(\d+\) has to be truncated"#) == ["\") has to be truncated\""])
        #expect(literals(#"a\.b\x41\x{263A}c"#) == ["\"a.bA☺c\""])
        #expect(literals(#"\Q(*)+?\E tail"#) == ["\"(*)+? tail\""])
    }

    @Test func optionalAtomsBreakTheRun() {
        // "abcd" is not required: "abd" and "abd…" match too.
        #expect(literals("abcx?def") == ["\"abcxdef\"", "\"abcdef\""])
        #expect(literals("abc(?:xyz)*defg") == ["\"defg\""])
        #expect(literals("abc(?:xyz){0,3}defg") == ["\"defg\""])
        #expect(literals("abcd(?:xyz)+") == ["\"abcd\""])
        #expect(literals("ab(?:xyz){2}") == ["\"abxyzxyz\""])
    }

    @Test func alternationNeedsALiteralInEveryBranch() {
        #expect(literals("Export failed|Import failed") == ["\"Export failed\"", "\"Import failed\""])
        #expect(literals(#"Export failed|\d+ items"#) == ["\"Export failed\"", "\" items\""])
        #expect(literals(#"Export failed|\d+"#) == nil)
        #expect(literals("Sending (?:Will|Did)Reset") == ["\"Sending WillReset\"", "\"Sending DidReset\""])
    }

    @Test func tooShortLiteralsAreNotWorthAPrefilter() {
        #expect(literals(#"a\d+b"#) == nil)
        #expect(literals(#"ab\d"#) == nil)
        #expect(literals(#"\w+: \d+"#) == nil)
    }

    @Test func caselessLiteralsFoldAndAvoidLettersWithUnicodePartners() {
        #expect(literals("Finished Export", caseless: true) == ["\"hed export\"(?i)"])
        // k and s also match the Kelvin sign and the long s in PCRE2's caseless mode.
        #expect(literals("WAL checkpoint", caseless: true) == ["\"wal chec\"(?i)"])
        #expect(literals("(?i)export(?-i)Failed") == ["\"exportfailed\"(?i)"])
        #expect(literals("(?i:wal) Checkpoint") == ["\"wal checkpoint\"(?i)"])
    }

    @Test func unsafeConstructsGiveNoLiteral() {
        #expect(literals("abc(*ACCEPT)defghij") == nil)
        #expect(literals("(?x) a b c d e f") == nil)
        #expect(literals("abcdef(?C1)ghij") == nil)
    }

    @Test func lookaroundsAndBackreferencesAreOpaque() {
        #expect(literals("(?<!not )found(?=!)") == ["\"found\""])
        #expect(literals(#"(?<w>word)\k<w>s"#) == ["\"word\""])
        #expect(literals("(?!Import)abcd") == ["\"abcd\""])
    }

    @Test func braceThatIsNotAQuantifierIsText() {
        #expect(literals("type: Import {x}") == ["\"type: Import {x}\""])
        #expect(literals("abcd{2,}") == ["\"abc\""])
    }

    @Test func portabilityFeaturesAreFound() {
        func features(_ p: String) -> [RegexSyntax.Feature] { RegexSyntax(p, caseless: false).features.sorted() }
        #expect(features("(?<=a)b") == [.lookbehind])
        #expect(features("a++b") == [.possessiveQuantifier])
        #expect(features("(?>ab)") == [.atomicGroup])
        #expect(features(#"a\Kb"#) == [.resetMatchStart])
        #expect(features("(a|(?R))") == [.recursion])
        #expect(features(#"(a)\1"#) == [.backreference])
        #expect(features("(?C1)a") == [.callout])
        #expect(features("(?s)a.b") == [.inlineOption])
        #expect(features("(?i)ab(?<n>c)(?=d)") == [])
    }

    /// Any text PCRE2 accepts as a pattern is analysed without crashing or hanging.
    @Test func randomPatternTextNeverCrashesTheAnalysis() {
        let alphabet = Array("ab\\()[]{}|?*+.^$:=!<>'PQEKkxdg0123,-#i")
        var random = SeededRandom(seed: 3)
        var compiled = 0
        var matchedWithLiterals = 0
        for _ in 0..<20_000 {
            let length = Int.random(in: 1...14, using: &random)
            let text = String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] })
            guard (try? Pattern(text, options: .noJIT)) != nil else { continue }
            compiled += 1
            _ = RegexSyntax(text, caseless: false).features
            let caseless = Bool.random(using: &random)
            guard let literals = LiteralExtractor.requiredLiterals(text, caseless: caseless),
                  let pattern = try? Pattern(text, options: caseless ? [.caseless, .noJIT] : .noJIT) else { continue }
            // Soundness on this odd syntax too: a subject PCRE2 matches holds a literal.
            let searcher = MultiLiteralSearcher(literals: literals)
            let matcher = PatternMatcher(matchLimit: 10_000)
            for _ in 0..<20 {
                // Pieces of the pattern itself and of its literals make matches likely.
                var pieces = literals.map { String(decoding: $0.bytes, as: UTF8.self) }
                pieces += pieces.map { $0.uppercased() } + [text] + alphabet.map { String($0) }
                var subject: [UInt8] = []
                for _ in 0..<Int.random(in: 0...6, using: &random) {
                    subject += Array(pieces[Int.random(in: 0..<pieces.count, using: &random)].utf8)
                }
                guard subject.withUnsafeBytes({ (try? matcher.matches(pattern, in: $0)) ?? false }) else { continue }
                matchedWithLiterals += 1
                var found = false
                subject.withUnsafeBytes { buffer in searcher.scan(buffer) { _ in found = true; return false } }
                #expect(found, "pattern \(text) literals \(literals) subject \(String(decoding: subject, as: UTF8.self))")
            }
        }
        #expect(compiled > 2_000)
        #expect(matchedWithLiterals > 50, "\(matchedWithLiterals)")
    }

    /// The reason `k` and `s` are not folded: PCRE2 matches them caselessly against
    /// non-ASCII characters, which ASCII folding would miss.
    @Test func pcre2CaselessMatchesKelvinSignAndLongS() throws {
        let matcher = PatternMatcher()
        #expect(try matcher.firstMatch(of: Pattern("k", options: .caseless), in: "\u{212A}") != nil)
        #expect(try matcher.firstMatch(of: Pattern("s", options: .caseless), in: "\u{017F}") != nil)
        // No other ASCII letter has a non-ASCII caseless partner.
        var others = ""
        for v in UInt32(0x80)...0x2FFFF {
            if let scalar = Unicode.Scalar(v), !(0xD800...0xDFFF).contains(v) { others.unicodeScalars.append(scalar) }
        }
        for letter in "abcdefghijlmnopqrtuvwxyz" {
            #expect(try matcher.firstMatch(of: Pattern(String(letter), options: .caseless), in: others) == nil, "\(letter)")
        }
    }
}
