import Foundation
import Testing
import PurgeTrace

@Suite struct JSONReportTests {
    static func render(_ analysis: Analysis) -> String {
        JSONReportWriter().render(analysis, options: ReportOptions())
    }

    static func keys(_ value: JSONValue?) -> [String] { value?.objectMembers?.map(\.key) ?? [] }

    @Test func foundationDecodesItWithTheContractsTypes() throws {
        let text = JSONReportTests.render(StoreTestSupport.combined)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "purgetrace.report/1")
        let tool = try #require(object["tool"] as? [String: Any])
        #expect(tool["name"] as? String == "purgetrace")
        let inputs = try #require(object["inputs"] as? [[String: Any]])
        #expect(inputs.count == 7)
        for input in inputs {
            #expect(input["path"] is String)
            #expect(input["format"] is String || input["format"] is NSNull)
            #expect(input["records"] is Int)
            #expect(input["undecodable"] is Int)
            #expect(input["first"] is String || input["first"] is NSNull)
            #expect(input["gaps"] is [[String: Any]])
            #expect(input["warnings"] is [String])
        }
        let incidents = try #require(object["incidents"] as? [[String: Any]])
        #expect(incidents.count == 3)
        for incident in incidents {
            #expect((incident["id"] as? String)?.count == 16)
            #expect(["probable", "possible"].contains(incident["verdict"] as? String ?? ""))
            #expect(incident["confidence"] is Double)
            let group = try #require(incident["group"] as? [String: Any])
            #expect(group["device"] is String)
            #expect(group["pid"] is Int || group["pid"] is NSNull)
            #expect(["recovered", "lost", "unknown"].contains(incident["outcome"] as? String ?? ""))
            #expect(incident["missing"] is [String])
            for step in try #require(incident["steps"] as? [[String: Any]]) {
                #expect(step["line"] is Int)
                #expect(step["fields"] is [String: Any])
            }
            let coverage = try #require(incident["coverage"] as? [String: Any])
            #expect(coverage["restored"] is Bool)
        }
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary == ["incidents": 3, "probable": 2, "possible": 1, "lost": 1, "recovered": 1, "unknown": 1, "uncovered": 2])
    }

    @Test func keysComeInTheContractsOrderAndNullsAreWritten() throws {
        let doc = try JSONValue(parsing: JSONReportTests.render(StoreTestSupport.combined))
        #expect(JSONReportTests.keys(doc) == ["schema", "tool", "inputs", "rules", "incidents", "summary", "warnings"])
        #expect(JSONReportTests.keys(doc["tool"]) == ["name", "version"])
        #expect(JSONReportTests.keys(doc["rules"]) == ["loaded", "errors"])
        let inputs = try #require(doc["inputs"]?.arrayValue)
        for input in inputs {
            #expect(Array(JSONReportTests.keys(input).prefix(8)) == ["path", "format", "records", "undecodable", "first", "last", "gaps", "warnings"])
            for gap in input["gaps"]?.arrayValue ?? [] {
                #expect(JSONReportTests.keys(gap) == ["from", "to", "seconds"])
                #expect(gap["seconds"]?.int64Value != nil)
            }
        }
        #expect(inputs.map { $0["path"]?.stringValue ?? "" } == inputs.map { $0["path"]?.stringValue ?? "" }.sorted())
        let skipped = try #require(inputs.first { $0["path"]?.stringValue == "bundle/store.sqlite" })
        #expect(skipped["format"] == .null)
        #expect(skipped["first"] == .null)
        #expect(skipped["last"] == .null)

        let incidents = try #require(doc["incidents"]?.arrayValue)
        let starts = incidents.map { $0["start"]?.stringValue ?? "" }
        #expect(starts == starts.sorted())
        for incident in incidents {
            #expect(JSONReportTests.keys(incident) == ["id", "kind", "rule", "verdict", "confidence", "reason", "start", "end", "group",
                                                        "outcome", "missing", "warnings", "steps", "coverage"])
            #expect(Array(JSONReportTests.keys(incident["group"]).prefix(3)) == ["device", "process", "pid"])
            for step in incident["steps"]?.arrayValue ?? [] {
                #expect(JSONReportTests.keys(step) == ["signal", "rule", "time", "source", "line", "text", "fields"])
                let fieldKeys = JSONReportTests.keys(step["fields"])
                #expect(fieldKeys == fieldKeys.sorted())
            }
            let coverage = try #require(incident["coverage"])
            #expect(JSONReportTests.keys(coverage) == ["verdict", "snapshot", "age_seconds", "baseline_items", "restored"])
            if let snapshot = coverage["snapshot"], !snapshot.isNull {
                #expect(JSONReportTests.keys(snapshot) == ["time", "items", "bytes", "source", "line"])
            }
        }
        let unobserved = try #require(incidents.first { $0["coverage"]?["verdict"]?.stringValue == "unobserved" })
        #expect(unobserved["coverage"]?["snapshot"] == .null)
        #expect(unobserved["coverage"]?["age_seconds"] == .null)
        #expect(JSONReportTests.keys(doc["summary"]) == ["incidents", "probable", "possible", "lost", "recovered", "unknown", "uncovered"])
    }

    @Test func timesAreUTCMicrosecondsAndFloatsCarryADecimal() throws {
        var analysis = SampleAnalyses.lostPurge
        analysis.incidents[0].confidence = 1.0
        analysis.incidents[0].coverage?.ageSeconds = 1200
        let text = JSONReportTests.render(analysis)
        #expect(text.contains("\"confidence\": 1.0,"))
        #expect(text.contains("\"age_seconds\": 1200.0,"))
        // 01:02:03.123456 keeps microseconds; nanoseconds are truncated, never rounded.
        #expect(text.contains("\"start\": \"2026-03-14T01:02:03.123456Z\""))
        var late = analysis
        late.incidents[0].start = Instant(iso8601: "2026-03-14T01:02:03.999999999Z")!
        #expect(JSONReportTests.render(late).contains("\"start\": \"2026-03-14T01:02:03.999999Z\""))
        let pattern = try NSRegularExpression(pattern: "\"(first|last|from|to|start|end|time)\": \"([^\"]*)\"")
        let range = NSRange(text.startIndex..., in: text)
        let times = pattern.matches(in: text, range: range).map { String(text[Range($0.range(at: 2), in: text)!]) }
        #expect(!times.isEmpty)
        let shape = try NSRegularExpression(pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}Z$")
        for time in times {
            #expect(shape.firstMatch(in: time, range: NSRange(time.startIndex..., in: time)) != nil, "\(time)")
        }
        #expect(!text.contains("\\/"))
    }

    @Test func failOnComparesVerdicts() {
        #expect(SampleAnalyses.lostPurge.hasIncident(atLeast: .probable))
        #expect(SampleAnalyses.lostPurge.hasIncident(atLeast: .possible))
        #expect(!SampleAnalyses.possibleIncident.hasIncident(atLeast: .probable))
        #expect(SampleAnalyses.possibleIncident.hasIncident(atLeast: .possible))
        #expect(!SampleAnalyses.noIncidents.hasIncident(atLeast: .possible))
    }
}

@Suite struct JSONValueTests {
    @Test func compactOutputIsOneLine() {
        let value = JSONValue.object([JSONMember("a", .array([.int(1), .object([JSONMember("b", .null)])])), JSONMember("c", .double(2))])
        #expect(value.compact == "{\"a\":[1,{\"b\":null}],\"c\":2.0}")
        #expect(value.rendered() == "{\n  \"a\": [\n    1,\n    {\n      \"b\": null\n    }\n  ],\n  \"c\": 2.0\n}\n")
    }

    @Test func parsingReadsBackWhatWasWritten() throws {
        let value = JSONValue.object([
            JSONMember("s", .string("tab\t \"quote\" \\ é 🛟 \u{1}")), JSONMember("i", .int(-42)), JSONMember("d", .double(0.82)),
            JSONMember("n", .null), JSONMember("b", .bool(true)), JSONMember("a", .array([.string("123"), .int(123)])),
        ])
        #expect(try JSONValue(parsing: value.compact) == value)
        #expect(try JSONValue(parsing: value.rendered()) == value)
        #expect(try JSONValue(parsing: "\"\\ud83d\\udedf\"") == .string("🛟"))
        #expect(throws: JSONValue.ParseError.self) { try JSONValue(parsing: "{\"a\": 1,}") }
        #expect(throws: JSONValue.ParseError.self) { try JSONValue(parsing: String(repeating: "[", count: 10_000)) }
    }
}
