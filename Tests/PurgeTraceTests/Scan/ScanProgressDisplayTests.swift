import Testing
@testable import PurgeTrace
@testable import PurgeTraceCLI

@Suite struct ScanProgressDisplayTests {
    final class FakeClock: @unchecked Sendable {
        var now: UInt64 = 1_000_000_000
    }

    @Test func statusLinesShowRateEtaAndIncidents() {
        let clock = FakeClock()
        let display = ScanProgressDisplay(terminal: Terminal(environment: [:]), mode: .off, warnFailures: false) { clock.now }
        var tally = ScanTally()
        tally.units = 1000
        tally.skipped = 10
        tally.toRead = 990
        tally.bytesToRead = 4_000_000_000
        display.update(ScanProgress(stage: .planned, tally: tally))
        clock.now += 20_000_000_000
        tally.read = 250
        tally.bytesRead = 1_000_000_000
        tally.incidents = 12
        tally.failed = 1
        #expect(display.status(tally, now: clock.now) == "250/990 units  1.0 GB/4.0 GB  50.0 MB/s  ETA 1m00s  incidents 12  failed 1")
        tally.read = 990
        tally.bytesRead = 4_000_000_000
        tally.committed = 989
        clock.now += 60_000_000_000
        #expect(display.finalLine(tally, now: clock.now)
            == "done: 990 units read (4.0 GB) in 1m20s: 12.4 units/s, 50.0 MB/s; 10 already done; 1 failed; 12 incidents")
    }

    @Test func sizesAndDurationsReadAsPeopleWriteThem() {
        #expect(ScanProgressDisplay.bytes(0) == "0 B")
        #expect(ScanProgressDisplay.bytes(999) == "999 B")
        #expect(ScanProgressDisplay.bytes(1_500) == "1.5 KB")
        #expect(ScanProgressDisplay.bytes(3_400_000_000) == "3.4 GB")
        #expect(ScanProgressDisplay.duration(4.25) == "4.3s")
        #expect(ScanProgressDisplay.duration(42) == "42s")
        #expect(ScanProgressDisplay.duration(187) == "3m07s")
        #expect(ScanProgressDisplay.duration(7_500) == "2h05m")
    }

    @Test func progressModeFollowsTheOptionsAndTheTerminal() {
        #expect(ScanProgressDisplay.mode(quiet: false, noProgress: false, stderrIsTTY: true) == .bar)
        #expect(ScanProgressDisplay.mode(quiet: false, noProgress: false, stderrIsTTY: false) == .lines)
        #expect(ScanProgressDisplay.mode(quiet: true, noProgress: false, stderrIsTTY: true) == .off)
        #expect(ScanProgressDisplay.mode(quiet: false, noProgress: true, stderrIsTTY: false) == .off)
    }

    @Test(arguments: [("123", Int64(123)), ("500K", 500 << 10), ("64G", 64 << 30), ("2t", 2 << 40), ("10MB", 10 << 20),
                      ("1GiB", 1 << 30)])
    func byteSizesTakeBinarySuffixes(text: String, bytes: Int64) {
        #expect(ScanCommand.byteSize(text) == bytes)
    }

    @Test(arguments: ["", "G", "1.5G", "-1", "12Q", "99999999999T", "1 G"])
    func otherSizesAreRefused(text: String) {
        #expect(ScanCommand.byteSize(text) == nil)
    }
}
