import Foundation
import Testing
@testable import PurgeTrace

/// The JSON writer escapes every control character a terminal could act on — C0, DEL,
/// C1, bidi controls — and what it writes parses back to the same text.
@Suite struct JSONEscapingTests {
    @Test func controlCharactersAreEscapedAndParseBack() throws {
        let text = "a\u{1b}[2J\u{7}b\u{7f}c\u{9b}31m\u{85}d\u{202E}e\u{2066}f\u{200F}g\u{61C}h é 日本 🙂 \u{2028}"
        let written = JSONValue.string(text).compact
        #expect(written == "\"a\\u001b[2J\\u0007b\\u007fc\\u009b31m\\u0085d\\u202ee\\u2066f\\u200fg\\u061ch é 日本 🙂 \u{2028}\"")
        let parsed = try JSONSerialization.jsonObject(with: Data("[\(written)]".utf8)) as? [String]
        #expect(parsed == [text])
    }

    @Test func textThatNeedsNoEscapeIsWrittenAsIs() {
        let text = "plain ascii, accents é, CJK 日本, emoji 🙂, U+00A0\u{a0}, U+2010‐"
        #expect(JSONValue.string(text).compact == "\"\(text)\"")
    }
}
