import Foundation
import Testing
@testable import PurgeTrace

@Suite struct DumpTmp {
    @Test func dump() throws {
        let dir = TestPaths.fixture("formats")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        var time = TimeOptions()
        time.year = 2025
        time.date = CivilTime(year: 2024, month: 3, day: 9)
        time.zone = ZoneRule(parsing: "America/New_York")
        for name in names where name != "README.md" {
            let bytes = try FormatHarness.fixtureBytes(name)
            let f = FormatHarness.detect(bytes, fileName: name)
            print("=== \(name): \(f?.rawValue ?? "nil")")
            guard let f else { continue }
            let r = try FormatHarness.parse(bytes, as: f, time: time, path: name)
            for rec in r.records {
                print("  L\(rec.line) \(rec.time.format(offsetSeconds: 0, fractionDigits: 9, zulu: true)) off=\(rec.utcOffset.map(String.init) ?? "nil") proc=\(rec.process ?? "nil") pid=\(rec.pid.map(String.init) ?? "nil") tid=\(rec.thread.map(String.init) ?? "nil") lvl=\(rec.level?.rawValue ?? "nil") sub=\(rec.subsystem ?? "nil") cat=\(rec.category ?? "nil") snd=\(rec.sender ?? "nil")")
                print("     msg=\(rec.message.debugDescription)")
                if rec.text.count < 300 { print("     txt=\(rec.text.debugDescription)") }
            }
            print("  undecodable=\(r.context.undecodable) zone=\(r.context.zoneOrigin ?? "nil") date=\(r.context.dateOrigin ?? "nil") warnings=\(r.context.warnings)")
        }
    }
}
