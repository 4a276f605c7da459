import Testing
@testable import PurgeTrace

/// `AppleLogLines.readSenderAndSubsystem` reads each bracket in one pass; it must agree
/// with the plain statement of the rules (first closing bracket, then the checks).
@Suite struct SenderSubsystemTests {
    private func reference(_ line: LineBytes, from start: Int) -> (Int, Span, Span, Span) {
        var head = RecordHead()
        var i = start
        if line[i] == 40, let close = line.index(of: 41, from: i + 1, to: i + 256), close > i + 1,
           line[close + 1] == 32 || close + 1 == line.count,
           line.index(of: 32, from: i + 1, to: close) == nil, line.index(of: 40, from: i + 1, to: close) == nil {
            head.sender = Span(i + 1, end: close)
            i = min(close + 2, line.count)
        }
        if line[i] == 91, let close = line.index(of: 93, from: i + 1, to: i + 512),
           line[close + 1] == 32 || close + 1 == line.count,
           let colon = line.index(of: 58, from: i + 1, to: close), colon > i + 1,
           line.index(of: 32, from: i + 1, to: colon) == nil {
            head.subsystem = Span(i + 1, end: colon)
            if close > colon + 1 { head.category = Span(colon + 1, end: close) }
            i = min(close + 2, line.count)
        }
        return (i, head.sender, head.subsystem, head.category)
    }

    @Test func onePassReadsLikeTheRules() {
        var random = SeededGenerator(seed: 17)
        let alphabet = Array("()[]: ab".utf8)
        for _ in 0..<50_000 {
            var bytes = (0..<Int.random(in: 0...14, using: &random)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
            if Bool.random(using: &random) { bytes = Array("(Sender) [com.x:cat] ".utf8) + bytes }
            if Int.random(in: 0..<20, using: &random) == 0 { bytes = [40] + [UInt8](repeating: 97, count: 300) + [41, 32] }
            bytes.withUnsafeBytes { raw in
                let line = LineBytes(raw)
                var head = RecordHead()
                let end = AppleLogLines.readSenderAndSubsystem(line, from: 0, into: &head)
                let want = reference(line, from: 0)
                #expect(end == want.0 && head.sender == want.1 && head.subsystem == want.2 && head.category == want.3,
                        "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }
}
