import Foundation
import Testing

/// Contract §2: the same evidence gives the same report bytes whatever the machine's time
/// zone and locale, the order of the PATHs and the worker count — in JSON and in text.
@Suite struct ReportDeterminismTests {
    /// Several devices in one run: zones from offsets (log-show, log-json, ndjson, Xcode),
    /// none at all (log-compact without --timezone, read as UTC; CocoaLumberjack inside the
    /// archive, UTC), a folder of two devices, an archive, a user rule file.
    static let paths = ["full-chain-log-show.log", "two-devices", ChainCase.sysdiagnose, "xcode-mirror-console.log",
                        "account-logout-log-json.json", "no-snapshot-log-compact.log", "ios26-unprefixed-ndjson.log",
                        "user-rule-app-wording-log-show.log"]
    static let options = ["--rules", "user-rules/quillnote.yml"]
    /// What the other runs are compared with.
    static let neutral = ["TZ": "UTC", "LANG": "C", "LC_ALL": "C"]

    private func reports(_ arguments: [String], environment: [String: String] = neutral) throws -> [String] {
        try ["json", "text"].map { try ChainRun.analyze(arguments, format: $0, environment: environment) }
    }

    @Test func sameBytesUnderEveryTimeZoneAndLocale() throws {
        let arguments = Self.options + Self.paths
        let expected = try reports(arguments)
        #expect(expected[0].contains("\"incidents\": ["))
        let environments: [[String: String]] = [
            ["TZ": "UTC"], ["TZ": "Asia/Seoul"], ["TZ": "America/New_York"],
            ["LANG": "de_DE.UTF-8", "LC_ALL": ""], ["LC_ALL": "tr_TR.UTF-8"],
            ["TZ": "Asia/Kathmandu", "LANG": "tr_TR.UTF-8", "LC_ALL": "de_DE.UTF-8"],
        ]
        for environment in environments {
            var merged = Self.neutral
            merged.merge(environment) { $1 }
            #expect(try reports(arguments, environment: merged) == expected, "differs under \(environment)")
        }
    }

    @Test func sameBytesWhateverThePathOrder() throws {
        let expected = try reports(Self.options + Self.paths)
        #expect(try reports(Self.options + Self.paths.reversed()) == expected)
        let rotated = Array(Self.paths[3...] + Self.paths[..<3])
        #expect(try reports(rotated + Self.options) == expected)
        // A folder's entries given one by one, in either order, are the same two devices.
        let folder = try reports(["two-devices"])
        #expect(try reports(["two-devices/iphone.log", "two-devices/ipad.log"]) == folder)
        #expect(try reports(["two-devices/ipad.log", "two-devices/iphone.log"]) == folder)
        // --same-device: one device named by its first member in byte order, whatever the order.
        let members = ["sysdiagnose-members/system_log.txt", "sysdiagnose-members/\(ChainCase.lumberjackFile)"]
        #expect(try reports(["--same-device"] + members) == reports(["--same-device"] + members.reversed()))
    }

    @Test func sameBytesWhateverTheWorkerCount() throws {
        let arguments = Self.options + Self.paths
        #expect(try reports(["--jobs", "1"] + arguments) == reports(["--jobs", "4"] + arguments))
    }

    /// Devices never combine: a run over many devices reports exactly the incidents each
    /// device's own run reports, merged in report order.
    @Test func aRunOfManyDevicesReportsEachDevicesOwnIncidents() throws {
        let cases = ["full-chain", "two-devices", "sysdiagnose-archive", "xcode-mirror", "account-logout",
                     "ios26-unprefixed", "user-rule-app-wording", "two-processes"].map(ChainCase.named)
        var expected: [String] = []
        for chain in cases {
            expected += try incidents(ChainRun.analyze(chain.arguments))
        }
        let arguments = Self.options + cases.flatMap { $0.arguments.filter { !$0.hasPrefix("--") && !$0.hasSuffix(".yml") } }
        let combined = try incidents(ChainRun.analyze(arguments))
        #expect(combined == expected.sorted())
        #expect(combined.count == 10)
    }

    /// Each incident as canonical JSON text, in (start, id) order.
    private func incidents(_ json: String) throws -> [String] {
        try JSONField.objects(try ChainRun.decode(json)["incidents"], "incidents").map { incident in
            let start = incident["start"] as? String ?? "", id = incident["id"] as? String ?? ""
            let data = try JSONSerialization.data(withJSONObject: incident, options: [.sortedKeys])
            return "\(start) \(id) " + String(decoding: data, as: UTF8.self)
        }.sorted()
    }
}
