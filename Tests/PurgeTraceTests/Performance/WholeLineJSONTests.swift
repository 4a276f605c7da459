import Testing
@testable import PurgeTrace

/// NDJSON lines that are one whole object are decoded without the byte-by-byte framer; the
/// records and counts must be what the framer path gives, whatever the line holds.
@Suite struct WholeLineJSONTests {
    /// Records and undecodable count of `lines` read by the parser `make` builds.
    private func read<P: RecordParser>(_ lines: [[UInt8]], _ make: (SourceContext) -> P) -> ([LogRecord], Int, [String]) {
        let context = SourceContext(path: "t.ndjson")
        var parser = make(context)
        var records: [LogRecord] = []
        var offset: Int64 = 0
        for (n, line) in lines.enumerated() {
            line.withUnsafeBytes { raw in
                try? parser.feed(line: raw, number: n + 1, offset: offset) { records.append($0.materialize()) }
            }
            offset += Int64(line.count + 1)
        }
        try? parser.finish { records.append($0.materialize()) }
        return (records, context.undecodable, context.warnings + [context.zoneOrigin ?? "-"])
    }

    /// Pieces of objects, whole objects and junk, glued at random.
    private func randomLine(_ random: inout SeededGenerator) -> [UInt8] {
        let messages = ["UC=1, Items=3", "tab\\there \\\"quoted\\\" \\u00e9 \\ud83d\\udee0", "brace } in { text", "", "a\\\\"]
        func object() -> String {
            var members = ["\"timestamp\":\"2025-10-02 09:14:0\(Int.random(in: 0...9, using: &random)).5+0200\""]
            if Bool.random(using: &random) { members.append("\"eventMessage\":\"\(messages.randomElement(using: &random)!)\"") }
            if Bool.random(using: &random) { members.append("\"processImagePath\":\"/usr/libexec/cloudd\",\"processID\":120") }
            if Bool.random(using: &random) { members.append("\"nested\":{\"a\":[1,{\"b\":\"]}\"}],\"c\":null}") }
            if Bool.random(using: &random) { members.append("\"messageType\":\"Error\",\"threadID\":17") }
            if Bool.random(using: &random) { members.append("\"timestamp\":\"not a time\"") }
            if Bool.random(using: &random) { members.append("\"time\":1.7e18,\"message\":\"m\",\"process\":\"/a/b\"") }
            return "{" + members.shuffled(using: &random).joined(separator: Bool.random(using: &random) ? "," : ", ") + "}"
        }
        let pieces = [object(), object(), " ", "\r", "\t", ",", "[", "]", "junk", "{\"open\":\"x", "}", "\"", "\\",
                      "{\"count\":3,\"finished\":1}", "Filtering the log data using \"x\""]
        var line = ""
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            line += Int.random(in: 0..<3, using: &random) == 0 ? pieces.randomElement(using: &random)! : object()
        }
        if Int.random(in: 0..<4, using: &random) == 0 { line = object() }
        return Array(line.utf8)
    }

    @Test func ndjsonLinesReadTheSameWithAndWithoutTheFramer() {
        var random = SeededGenerator(seed: 99)
        for _ in 0..<300 {
            let lines = (0..<Int.random(in: 1...12, using: &random)).map { _ in randomLine(&random) }
            let fast = read(lines) { LogJSONParser(context: $0, oneObjectPerLine: true) }
            let framed = read(lines) { context -> LogJSONParser in
                var parser = LogJSONParser(context: context, oneObjectPerLine: true)
                parser.decodesWholeLines = false
                return parser
            }
            #expect(fast.0 == framed.0 && fast.1 == framed.1 && fast.2 == framed.2,
                    "\(lines.map { String(decoding: $0, as: UTF8.self) })")
        }
    }

    @Test func jsonLinesReadTheSameWithAndWithoutTheFramer() {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<300 {
            let lines = (0..<Int.random(in: 1...12, using: &random)).map { _ in randomLine(&random) }
            let fast = read(lines) { UnifiedLogJSONLParser(context: $0) }
            let framed = read(lines) { context -> UnifiedLogJSONLParser in
                var parser = UnifiedLogJSONLParser(context: context)
                parser.decodesWholeLines = false
                return parser
            }
            #expect(fast.0 == framed.0 && fast.1 == framed.1 && fast.2 == framed.2,
                    "\(lines.map { String(decoding: $0, as: UTF8.self) })")
        }
    }

    @Test func mostGeneratedLinesAreWholeObjects() {
        var random = SeededGenerator(seed: 99)
        let lines = (0..<400).map { _ in randomLine(&random) }
        let whole = lines.filter { line in line.withUnsafeBytes { JSONObjectFramer.isWholeObject($0) } }
        #expect(whole.count > 100 && whole.count < 390)
    }
}
