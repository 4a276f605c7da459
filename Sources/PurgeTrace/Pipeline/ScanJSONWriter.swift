/// `scan --format json`: `purgetrace.scan/1` (contract §2). Each archive carries the same
/// input and incident objects as `purgetrace.report/1` (built by `JSONReportWriter`), and
/// the document is canonical the same way: keys in the contract's order, extra keys after
/// them (`device`, `sha256`, `warnings` per archive; `tool` and `rules` at the end).
///
/// Written as it is read, one archive at a time: the text is exactly what rendering the
/// whole document as one `JSONValue` gives (ScanReportTests checks), without holding it.
public struct ScanJSONWriter {
    public static let schema = "purgetrace.scan/1"
    public var toolVersion: String

    public init(toolVersion: String = PurgeTraceVersion.current) {
        self.toolVersion = toolVersion
    }

    /// Writes the document in pieces to `out`; returns the totals.
    @discardableResult
    public func write(_ report: ScanReport, to out: (String) throws -> Void) throws -> ScanSummary {
        var summary = ScanSummary()
        var first = true
        try out("{\n  \"schema\": " + JSONValue.string(ScanJSONWriter.schema).compact + ",\n  \"archives\": [")
        try report.forEachArchive { archive in
            summary.add(archive)
            try out((first ? "" : ",") + "\n    " + ScanJSONWriter.nested(ScanJSONWriter.archive(archive), level: 2))
            first = false
        }
        try out((first ? "]" : "\n  ]") + ",\n")
        var tail = ""
        for member in trailer(summary: summary, rules: try report.rules) {
            tail += "  " + JSONValue.string(member.key).compact + ": " + ScanJSONWriter.nested(member.value, level: 1)
            tail += member.key == "rules" ? "\n" : ",\n"
        }
        try out(tail + "}\n")
        return summary
    }

    /// The document as one value (small reports, tests).
    public func document(archives: [ScanArchive], rules: RulesInfo?) -> JSONValue {
        var summary = ScanSummary()
        archives.forEach { summary.add($0) }
        return .object([
            JSONMember("schema", .string(ScanJSONWriter.schema)),
            JSONMember("archives", .array(archives.map(ScanJSONWriter.archive))),
        ] + trailer(summary: summary, rules: rules))
    }

    private func trailer(summary: ScanSummary, rules: RulesInfo?) -> [JSONMember] {
        [
            JSONMember("summary", ScanJSONWriter.summary(summary)),
            JSONMember("tool", .object([JSONMember("name", .string("purgetrace")), JSONMember("version", .string(toolVersion))])),
            JSONMember("rules", .object([
                JSONMember("loaded", .int(rules?.loaded ?? 0)),
                JSONMember("errors", .array((rules?.errors ?? []).map(JSONValue.string))),
            ])),
        ]
    }

    public static func archive(_ a: ScanArchive) -> JSONValue {
        .object([
            JSONMember("path", .string(a.path)),
            JSONMember("status", .string(a.isOK ? "ok" : "error")),
            JSONMember("error", .optional(a.error)),
            JSONMember("inputs", .array(a.inputs.sorted(by: Analysis.inputOrder).map(JSONReportWriter.input))),
            JSONMember("incidents", .array(a.incidents.map(JSONReportWriter.incident))),
            JSONMember("device", .string(a.device)),
            JSONMember("sha256", .string(a.sha256)),
            JSONMember("warnings", .array(a.warnings.map(JSONValue.string))),
        ])
    }

    /// The report's summary keys, then the archive counts.
    public static func summary(_ s: ScanSummary) -> JSONValue {
        guard case .object(let counts) = JSONReportWriter.summary(s.incidents) else { return .null }
        return .object(counts + [
            JSONMember("archives", .int(s.archives)),
            JSONMember("ok", .int(s.ok)),
            JSONMember("error", .int(s.failed)),
        ])
    }

    /// A value rendered as it appears nested `level` deep in a pretty document: JSON text
    /// has raw newlines only between tokens (strings escape theirs), so indenting after
    /// each newline is exact.
    static func nested(_ value: JSONValue, level: Int) -> String {
        var text = value.rendered()
        text.removeLast()  // the final newline
        let indent = String(repeating: "  ", count: level)
        return text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + indent)
    }
}
