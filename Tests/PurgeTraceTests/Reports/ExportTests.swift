import Foundation
import Testing
import PurgeTrace

@Suite struct ExportTests {
    @Test func timesketchLinesCarryTheRequiredFields() throws {
        let analysis = StoreTestSupport.combined
        let lines = TimelineExporter(format: .timesketch).lines(for: analysis)
        #expect(lines.count == analysis.signals.count + analysis.incidents.count)
        var previous: Int64 = .min
        for line in lines {
            #expect(line.hasSuffix("\n"))
            #expect(line.dropLast().contains("\n") == false)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let message = try #require(object["message"] as? String)
            #expect(!message.isEmpty)
            let datetime = try #require(object["datetime"] as? String)
            let instant = try #require(Instant(iso8601: datetime))
            let timestamp = try #require(object["timestamp"] as? Int64)
            #expect(timestamp == instant.nanoseconds / 1000)
            #expect(timestamp >= previous, "events are in time order")
            previous = timestamp
            #expect(["Signal time", "Incident start"].contains(object["timestamp_desc"] as? String ?? ""))
            let keys = try JSONValue(parsing: line).objectMembers!.map(\.key)
            #expect(Array(keys.prefix(4)) == ["message", "datetime", "timestamp_desc", "timestamp"])
        }
        // A step of an incident names the incident; the incident event carries its verdict.
        let step = try #require(lines.first { $0.contains("\"signal\":\"rows_removed\"") && $0.contains("case-1042") })
        #expect(step.contains("\"incidents\":\"\(SampleAnalyses.lostPurge.incidents[0].id)\""))
        let incident = try #require(lines.first { $0.contains("\"data_type\":\"purgetrace:incident\"") })
        #expect(incident.contains("store-purge (probable, confidence 0.91): reason HistoryExpired; outcome lost; coverage covered"))
    }

    @Test func jsonlLinesAreNativeObjectsWithNanoseconds() throws {
        let lines = TimelineExporter(format: .jsonl).lines(for: SampleAnalyses.recoveredPurge)
        let objects = try lines.map { try JSONValue(parsing: $0) }
        #expect(objects.filter { $0["type"] == .string("incident") }.count == 1)
        let burst = try #require(objects.first { $0["signal"] == .string("vacuum_burst") })
        #expect(burst["time_ns"]?.int64Value == Instant(iso8601: "2026-03-14T02:40:01.5Z")!.nanoseconds)
        #expect(burst["fields"]?["count"] == .int(7))
        #expect(burst["incidents"]?.arrayValue?.count == 1)
        let incident = try #require(objects.first { $0["type"] == .string("incident") })
        #expect(incident["coverage"]?["verdict"] == .string("stale"))
    }

    @Test func theSameAnalysisExportsTheSameBytes() {
        let analysis = StoreTestSupport.combined
        var reversed = analysis
        reversed.signals.reverse()
        reversed.incidents.reverse()
        for format in TimelineExporter.Format.allCases {
            #expect(TimelineExporter(format: format).lines(for: analysis) == TimelineExporter(format: format).lines(for: reversed))
        }
    }
}
