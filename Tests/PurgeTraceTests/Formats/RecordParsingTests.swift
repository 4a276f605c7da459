import Testing
@testable import PurgeTrace

@Suite struct RecordParsingTests {
    @Test func detectsTheFormatOfAnExampleLine() {
        let line = "2024-09-18 11:20:30.000001-0700 0x1a2b3c   Error       0x0  4242   0    Notes: (CoreData) [com.apple.coredata:CloudKit] error: CoreData+CloudKit: reset"
        let parsed = RecordParsing.parse(text: line)
        #expect(parsed.format == .logShow)
        #expect(parsed.records.count == 1)
        #expect(parsed.records.first?.message == "error: CoreData+CloudKit: reset")
        #expect(parsed.records.first?.subsystem == "com.apple.coredata")
    }

    @Test func usesAGivenFormatAndReadsSeveralLines() {
        let text = "2021-01-20 12:16:40.786795-0800 App[1:2] [error] error: a\n  more\n2021-01-20 12:16:41.000000-0800 App[1:2] b"
        let parsed = RecordParsing.parse(text: text, format: .xcodeConsole)
        #expect(parsed.format == .xcodeConsole)
        #expect(parsed.records.map(\.message) == ["error: a\n  more", "b"])
        #expect(parsed.records.map(\.line) == [1, 3])
    }

    @Test func readsYearlessExamplesWithoutAskingForAYear() {
        let parsed = RecordParsing.parse(text: "Mar  4 10:00:00.123456 Notes(CoreData)[123] <Error>: error: x")
        #expect(parsed.format == .idevicesyslog)
        #expect(parsed.records.first?.time.iso8601 == "2000-03-04T10:00:00.123456Z")
        #expect(parsed.records.first?.message == "error: x")
    }

    @Test func fallsBackToAMessageOnlyRecord() {
        let parsed = RecordParsing.parse(text: "error: CoreData+CloudKit: no header at all\n")
        #expect(parsed.format == nil)
        #expect(parsed.records == [LogRecord(time: Instant(nanoseconds: 0), message: "error: CoreData+CloudKit: no header at all",
                                             text: "error: CoreData+CloudKit: no header at all", line: 1)])
    }
}
