import Testing
@testable import PurgeTrace

@Suite struct LineSplitterTests {
    struct Seen: Equatable {
        var text: String
        var number: Int
        var offset: Int64
    }

    /// Splits `text` pushed in chunks of `chunk` bytes.
    func split(_ text: String, chunk: Int, max: Int = 1000) throws -> ([Seen], LineSplitter) {
        var splitter = LineSplitter(maxLineLength: max)
        var seen: [Seen] = []
        let bytes = Array(text.utf8)
        var start = 0
        let collect: (LineSplitter.Line) throws(ToolError) -> Void = { line in
            seen.append(Seen(text: String(decoding: line.bytes, as: UTF8.self), number: line.number, offset: line.offset))
        }
        while start < bytes.count {
            let end = Swift.min(start + chunk, bytes.count)
            try push(Array(bytes[start..<end]), into: &splitter, collect)
            start = end
        }
        try splitter.finish(collect)
        return (seen, splitter)
    }

    /// Pushes bytes (typed throws through `withUnsafeBytes` crashes swift-frontend 6.3.1 here).
    func push(_ bytes: [UInt8], into splitter: inout LineSplitter,
              _ collect: (LineSplitter.Line) throws(ToolError) -> Void) throws(ToolError) {
        var failure: ToolError?
        bytes.withUnsafeBytes { raw in
            do throws(ToolError) { try splitter.push(raw, collect) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    @Test(arguments: [1, 2, 3, 5, 64])
    func linesAreTheSameWhateverTheChunkSize(chunk: Int) throws {
        let (seen, _) = try split("ab\r\n\ncd\nlast", chunk: chunk)
        #expect(seen == [Seen(text: "ab", number: 1, offset: 0), Seen(text: "", number: 2, offset: 4),
                         Seen(text: "cd", number: 3, offset: 5), Seen(text: "last", number: 4, offset: 8)])
    }

    @Test(arguments: [1, 3, 7, 100])
    func longLinesAreCutAtTheLimitAndTheRestDropped(chunk: Int) throws {
        let (seen, splitter) = try split("short\n0123456789ABCDEF\nexactly10!\nend\r\n", chunk: chunk, max: 10)
        #expect(seen.map(\.text) == ["short", "0123456789", "exactly10!", "end"])
        #expect(seen.map(\.number) == [1, 2, 3, 4])
        #expect(seen.map(\.offset) == [0, 6, 23, 34])
        #expect(splitter.cutLines == 1)
        #expect(splitter.firstCutLine == 2)
        #expect(splitter.droppedBytes == 6)
    }

    @Test func aCRLFLineOfExactlyTheLimitIsNotCut() throws {
        for chunk in [1, 2, 10, 11, 12, 50] {
            let (seen, splitter) = try split("0123456789\r\nx\r", chunk: chunk, max: 10)
            #expect(seen.map(\.text) == ["0123456789", "x"], "chunk \(chunk)")
            #expect(splitter.cutLines == 0, "chunk \(chunk)")
        }
    }

    @Test func aCRKeptPastTheLimitThatIsContentIsCut() throws {
        for chunk in [1, 10, 11, 12, 13, 50] {
            let (seen, splitter) = try split("0123456789\rab\nx\n", chunk: chunk, max: 10)
            #expect(seen.map(\.text) == ["0123456789", "x"], "chunk \(chunk)")
            #expect(seen.map(\.number) == [1, 2], "chunk \(chunk)")
            #expect(splitter.cutLines == 1, "chunk \(chunk)")
            #expect(splitter.droppedBytes == 3, "chunk \(chunk)")
        }
    }

    @Test func aSplitterCanStartInTheMiddleOfASource() throws {
        var splitter = LineSplitter(maxLineLength: 100, firstLineNumber: 41, startOffset: 1000)
        var seen: [Seen] = []
        try push(Array("a\nb\n".utf8), into: &splitter) { line in
            seen.append(Seen(text: String(decoding: line.bytes, as: UTF8.self), number: line.number, offset: line.offset))
        }
        #expect(seen == [Seen(text: "a", number: 41, offset: 1000), Seen(text: "b", number: 42, offset: 1002)])
        #expect(splitter.nextNumber == 43)
        #expect(splitter.offset == 1004)
    }
}

@Suite struct SourceFactsBuilderTests {
    let t = InputTest.time

    func build(_ times: [String], processes: [String]? = nil) -> SourceFactsBuilder {
        var builder = SourceFactsBuilder()
        for (i, time) in times.enumerated() {
            let process = processes?[i] ?? "p"
            Array(process.utf8).withUnsafeBytes { builder.add(time: t(time), process: $0) }
        }
        return builder
    }

    @Test func joiningRangesGivesTheSameFactsAsOneScan() {
        let times = ["2024-03-01T10:00:00Z", "2024-03-01T12:00:00Z", "2024-03-01T11:00:00Z",
                     "2024-03-01T12:10:00Z", "2024-03-01T13:00:00Z", "2024-03-01T09:00:00Z", "2024-03-01T14:00:00Z"]
        let processes = ["a", "b", "a", "c", "b", "a", "c"]
        let whole = build(times, processes: processes)
        for cut in 0...times.count {
            var joined = build(Array(times[..<cut]), processes: Array(processes[..<cut]))
            joined.append(build(Array(times[cut...]), processes: Array(processes[cut...])))
            #expect(joined.records == whole.records)
            #expect(joined.gaps == whole.gaps, "cut at \(cut)")
            #expect(joined.first == whole.first)
            #expect(joined.last == whole.last)
            #expect(joined.processes.spansByName == whole.processes.spansByName)
        }
        #expect(whole.gaps == [Gap(from: t("2024-03-01T10:00:00Z"), to: t("2024-03-01T12:00:00Z")),
                               Gap(from: t("2024-03-01T12:10:00Z"), to: t("2024-03-01T13:00:00Z")),
                               Gap(from: t("2024-03-01T13:00:00Z"), to: t("2024-03-01T14:00:00Z"))])
    }

    @Test func aLaterRangeGapCoveredByTheEarlierRangeIsNoGap() {
        // The later range alone sees 11:00 → 12:00 as a gap; after 11:50 in the earlier range it is not.
        var joined = build(["2024-03-01T11:50:00Z"])
        joined.append(build(["2024-03-01T11:00:00Z", "2024-03-01T12:00:00Z"]))
        #expect(joined.gaps == [])
    }
}
