import Foundation
import Testing
@testable import PurgeTrace

@Suite(.serialized) struct TimeHandlingTests {
    /// Parses one zone-less line per local time with `--timezone America/New_York`.
    func newYork(_ localTimes: [String]) throws -> [LogRecord] {
        let text = localTimes.map { "\($0) Df p[1:a] m" }.joined(separator: "\n")
        return try FormatHarness.parse(text, as: .logCompact, time: TimeOptions(zone: ZoneRule(parsing: "America/New_York")))
            .records
    }

    @Test func readsAnAmbiguousLocalTimeWithTheEarlierOffset() throws {
        // 2024-11-03: clocks fall back from 02:00 EDT to 01:00 EST; 01:xx happens twice.
        let r = try newYork(["2024-11-03 00:59:59.000", "2024-11-03 01:30:00.000", "2024-11-03 01:59:59.999",
                             "2024-11-03 02:00:00.000"])
        #expect(r.map(\.time.iso8601) == ["2024-11-03T04:59:59.000000Z", "2024-11-03T05:30:00.000000Z",
                                          "2024-11-03T05:59:59.999000Z", "2024-11-03T07:00:00.000000Z"])
        #expect(r.map(\.utcOffset) == [-14400, -14400, -14400, -18000])
    }

    @Test func movesALocalTimeInTheSpringGapForward() throws {
        // 2024-03-10: clocks jump from 02:00 EST to 03:00 EDT; 02:30 does not exist.
        let r = try newYork(["2024-03-10 01:59:59.000", "2024-03-10 02:30:00.000", "2024-03-10 03:00:00.000"])
        #expect(r.map(\.time.iso8601) == ["2024-03-10T06:59:59.000000Z", "2024-03-10T07:30:00.000000Z",
                                          "2024-03-10T07:00:00.000000Z"])
        #expect(r.map(\.utcOffset) == [-18000, -18000, -14400])
    }

    @Test func cachesZoneOffsetsWithoutCrossingATransition() throws {
        // Every minute of a day with a transition, read twice in a row (the second read
        // comes from the cache), agrees with a fresh lookup.
        var zone = LocalZone(rule: try #require(ZoneRule(parsing: "America/New_York")), origin: "test")
        let rule = try #require(ZoneRule(parsing: "America/New_York"))
        let day = Int64(CivilTime.days(fromCivil: 2024, 11, 3)) * 86_400
        for minute in stride(from: Int64(0), to: 1440, by: 1) {
            let local = day + minute * 60 + 59
            let expected = rule.offset(forLocal: CivilTime(instant: Instant(seconds: local), offsetSeconds: 0))
            #expect(zone.offset(localSeconds: local) == expected)
            #expect(zone.offset(localSeconds: local) == expected)
        }
    }

    /// The instants of every zone-sensitive fixture, parsed with fixed options.
    func instantsOfZoneSensitiveFixtures() throws -> [Int64] {
        var all: [Int64] = []
        let seoul = ZoneRule(parsing: "Asia/Seoul")
        all += try FormatHarness.parse(fixture: "log-compact.log", as: .logCompact, time: TimeOptions(zone: seoul))
            .records.map(\.time.nanoseconds)
        all += try FormatHarness.parse(fixture: "log-compact.log", as: .logCompact).records.map(\.time.nanoseconds)
        all += try FormatHarness.parse(fixture: "idevicesyslog-current.log", as: .idevicesyslog,
                                       time: TimeOptions(zone: ZoneRule(parsing: "America/New_York"), year: 2025))
            .records.map(\.time.nanoseconds)
        all += try FormatHarness.parse(fixture: "console-copy.txt", as: .consoleCopy,
                                       time: TimeOptions(date: CivilTime(year: 2024, month: 3, day: 9)))
            .records.map(\.time.nanoseconds)
        all += try FormatHarness.parse(fixture: "plain.log", as: .plain).records.map(\.time.nanoseconds)
        all += try FormatHarness.parse(fixture: "MyApp 2024-01-15--10-23-45-678.log", as: .lumberjack)
            .records.map(\.time.nanoseconds)
        all += try FormatHarness.parse(fixture: "log-show.log", as: .logShow).records.map(\.time.nanoseconds)
        return all
    }

    @Test func givesTheSameInstantsWhateverTheMachinesZone() throws {
        let saved = ProcessInfo.processInfo.environment["TZ"]
        defer {
            if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
            tzset()
        }
        var results: [[Int64]] = []
        for tz in ["UTC", "America/Los_Angeles", "Asia/Kolkata", "Pacific/Chatham", "Europe/London"] {
            setenv("TZ", tz, 1)
            tzset()
            NSTimeZone.resetSystemTimeZone()
            results.append(try instantsOfZoneSensitiveFixtures())
        }
        #expect(results.count == 5)
        #expect(results.allSatisfy { $0 == results[0] })
        #expect(results[0].count > 20)
    }
}
