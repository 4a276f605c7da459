import Foundation
import Testing
import PurgeTrace

/// Parse speed on a generated log (run on demand, in a release build):
/// `PURGETRACE_BENCH=1 swift test -c release -Xswiftc -enable-testing --filter FormatsBenchmark`
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["PURGETRACE_BENCH"] != nil))
struct FormatsBenchmark {
    static func generateLogShow(megabytes: Int) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(megabytes << 20 + 4096)
        out += Array("Timestamp                       Thread     Type        Activity             PID    TTL  \n".utf8)
        let tails = [
            "remotepairingd: (RemotePairing) [com.apple.dt.remotepairing:networktunnelmanager] tunnel-1: Tunnel established for interface: utun3",
            "Notes: (CoreData) [com.apple.coredata:CloudKit] CoreData+CloudKit: -[NSCloudKitMirroringDelegate _performExportWithRequest:](1234): <NSCloudKitMirroringDelegate: 0x600003d082d0>: Export finished",
            "kernel: (Sandbox) Sandbox: sandbox-exec(41398) deny(1) process-exec* /usr/bin/touch",
            "My Notes App: [com.example.notes:sync] synced 42 records in 0.31s",
            "runningboardd: (RunningBoard) [com.apple.runningboard:assertion] Acquiring assertion targeting [app<com.example.notes(ABC)>:812]",
        ]
        let types = ["Default    ", "Info       ", "Error      ", "Debug      ", "Fault      "]
        var i = 0
        var second = 0
        while out.count < megabytes << 20 {
            let micro = (i * 7919) % 1_000_000
            second += i % 3 == 0 ? 1 : 0
            let line = "2024-09-18 \(pad2(second / 3600 % 24)):\(pad2(second / 60 % 60)):\(pad2(second % 60)).\(String(micro).leftPadded(6))+0200 0x\(String(0x1a2b3c + i % 977, radix: 16))   \(types[i % 5]) 0x0                  \(400 + i % 97)    0    \(tails[i % tails.count])\n"
            out += Array(line.utf8)
            if i % 50 == 0 { out += Array("    continuation of a multi-line message\n".utf8) }
            i += 1
        }
        return out
    }

    /// `log show --style ndjson` or `--style json` objects with the usual members.
    static func generateJSON(megabytes: Int, pretty: Bool) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(megabytes << 20 + 4096)
        if pretty { out += Array("[".utf8) }
        var i = 0
        while out.count < megabytes << 20 {
            let members: [(String, String)] = [
                ("traceID", "\(1000 + i)"), ("eventMessage", "\"CoreData+CloudKit: export \\/ finished \(i) \\u00e9\""),
                ("eventType", "\"logEvent\""), ("source", "null"), ("formatString", "\"%{public}@\""),
                ("activityIdentifier", "0"), ("subsystem", "\"com.apple.coredata\""), ("category", "\"CloudKit\""),
                ("threadID", "\(5439487 + i % 13)"), ("senderImageUUID", "\"9A1F0C2D-0000-4000-8000-000000000000\""),
                ("backtrace", "{\"frames\":[{\"imageOffset\":123,\"imageUUID\":\"X\"}]}"), ("bootUUID", "\"\""),
                ("processImagePath", "\"\\/Applications\\/Notes.app\\/Contents\\/MacOS\\/Notes\""),
                ("senderImagePath", "\"\\/System\\/Library\\/Frameworks\\/CoreData.framework\\/CoreData\""),
                ("timestamp", "\"2026-07-26 18:11:\(pad2(i % 60)).348728+1200\""), ("machTimestamp", "\(123456789 + i)"),
                ("messageType", "\"Default\""), ("processID", "812"), ("timezoneName", "\"\""),
            ]
            if pretty {
                out += Array(((i == 0 ? "{\n" : "},{\n") + members.map { "  \"\($0.0)\" : \($0.1)" }.joined(separator: ",\n") + "\n").utf8)
            } else {
                out += Array(("{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}\n").utf8)
            }
            i += 1
        }
        if pretty { out += Array("}]\n".utf8) }
        return out
    }

    static func pad2(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }

    /// Splits on "\n" like the scanner and feeds every line; returns records and seconds.
    static func run(_ bytes: [UInt8], as format: LogFormat) throws -> (records: Int, seconds: Double) {
        let context = SourceContext(path: "bench.log")
        var parser = format.makeParser(context: context)
        var records = 0
        var checksum = 0
        let start = DispatchTime.now().uptimeNanoseconds
        try bytes.withUnsafeBytes { (all: UnsafeRawBufferPointer) in
            let base = all.baseAddress!
            var offset = 0
            var number = 0
            while offset < all.count {
                let rest = all.count - offset
                let hit = memchr(base + offset, 10, rest)
                let end = hit.map { base.distance(to: UnsafeRawPointer($0)) } ?? all.count
                number += 1
                try parser.feed(line: UnsafeRawBufferPointer(start: base + offset, count: end - offset), number: number,
                                offset: Int64(offset)) { view in
                    records += 1
                    checksum &+= view.message.count
                }
                offset = end + 1
            }
            try parser.finish { _ in records += 1 }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        #expect(checksum > 0)
        return (records, seconds)
    }

    @Test func measuresLogShowParseSpeed() throws {
        let bytes = Self.generateLogShow(megabytes: 100)
        let detected = bytes.withUnsafeBytes { FormatDetector.detect(head: UnsafeRawBufferPointer(rebasing: $0.prefix(65536)), fileName: "b.log") }
        #expect(detected == .logShow)
        let (records, seconds) = try Self.run(bytes, as: .logShow)
        let mb = Double(bytes.count) / 1_048_576
        print("log-show: \(String(format: "%.1f", mb)) MB, \(records) records in \(String(format: "%.3f", seconds)) s = \(String(format: "%.0f", mb / seconds)) MB/s")
    }

    @Test(arguments: [LogFormat.logNDJSON, .logJSON])
    func measuresJSONParseSpeed(format: LogFormat) throws {
        let bytes = Self.generateJSON(megabytes: 100, pretty: format == .logJSON)
        let detected = bytes.withUnsafeBytes { FormatDetector.detect(head: UnsafeRawBufferPointer(rebasing: $0.prefix(65536)), fileName: "b.json") }
        #expect(detected == format)
        let (records, seconds) = try Self.run(bytes, as: format)
        let mb = Double(bytes.count) / 1_048_576
        print("\(format.rawValue): \(String(format: "%.1f", mb)) MB, \(records) records in \(String(format: "%.3f", seconds)) s = \(String(format: "%.0f", mb / seconds)) MB/s")
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
