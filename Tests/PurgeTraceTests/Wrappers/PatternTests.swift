import Testing
import PCRE2Kit

@Suite struct PatternTests {
    @Test func compileErrorNamesTheOffset() {
        #expect(throws: PatternError.self) { try Pattern("abc(def") }
        do {
            _ = try Pattern("ab[c")
            Issue.record("expected a compile error")
        } catch {
            #expect(error.offset == 4)
            #expect(error.message.contains("missing terminating ]"))
        }
    }

    @Test func namedCapturesGiveByteRanges() throws {
        let pattern = try Pattern(#"with reason: '(?<reason>\w+)'"#)
        #expect(pattern.groupNames == [1: "reason"])
        #expect(pattern.isJITCompiled)
        let matcher = PatternMatcher()
        let line = "é Sending 'X' with reason: 'HistoryExpired'"
        let match = try #require(try matcher.firstMatch(of: pattern, in: line))
        let bytes = Array(line.utf8)
        let reason = try #require(match.groups[1])
        #expect(String(decoding: bytes[reason], as: UTF8.self) == "HistoryExpired")
        // Byte offsets, not character offsets: "é" is two bytes.
        #expect(match.range.lowerBound == 15)
    }

    @Test func unsetOptionalGroupIsNil() throws {
        let pattern = try Pattern(#"Reset(?: with reason: '(?<reason>\w+)')?"#)
        let match = try #require(try PatternMatcher().firstMatch(of: pattern, in: "Reset done"))
        #expect(match.groups.count == 2)
        #expect(match.groups[1] == nil)
    }

    @Test func invalidUTF8StillMatches() throws {
        let pattern = try Pattern("Items=(\\d+)")
        let bytes: [UInt8] = [0xff, 0xfe] + Array(" UC=0, Items=12".utf8)
        let match = try bytes.withUnsafeBytes { try PatternMatcher().firstMatch(of: pattern, in: $0) }
        #expect(match?.groups[1] == 15..<17)
    }

    @Test func catastrophicPatternHitsTheMatchLimit() throws {
        let pattern = try Pattern("^(a+)+$")
        let subject = String(repeating: "a", count: 40) + "b"
        let matcher = PatternMatcher(matchLimit: 10_000)
        #expect(throws: MatchError.matchLimitExceeded) { try matcher.firstMatch(of: pattern, in: subject) }
    }

    @Test func caselessOption() throws {
        let pattern = try Pattern("history token", options: .caseless)
        #expect(try PatternMatcher().firstMatch(of: pattern, in: "Persistent History Token is expired") != nil)
    }
}
