/// `--format json`: exactly contract §2 (`purgetrace.report/1`). Keys in the contract's
/// order, maps sorted, nulls written, floats with a decimal, times as UTC microseconds.
/// Keys added beyond the contract come after the listed ones: inputs carry `device`,
/// `sha256`, `zone_origin`, `date_origin`; the document ends with run `warnings`.
public struct JSONReportWriter: ReportWriter {
    public static let schema = "purgetrace.report/1"

    public init() {}

    public func render(_ analysis: Analysis, options: ReportOptions) -> String {
        document(analysis, options: options).rendered()
    }

    /// The report as a JSON value (scan's per-archive objects reuse the pieces).
    public func document(_ analysis: Analysis, options: ReportOptions) -> JSONValue {
        let a = options.prepare(analysis)
        return .object([
            JSONMember("schema", .string(JSONReportWriter.schema)),
            JSONMember("tool", .object([JSONMember("name", .string("purgetrace")), JSONMember("version", .string(options.toolVersion))])),
            JSONMember("inputs", .array(a.inputs.map(JSONReportWriter.input))),
            JSONMember("rules", .object([
                JSONMember("loaded", .int(a.rulesLoaded)),
                JSONMember("errors", .array(a.ruleErrors.map(JSONValue.string))),
            ])),
            JSONMember("incidents", .array(a.incidents.map(JSONReportWriter.incident))),
            JSONMember("summary", JSONReportWriter.summary(ReportSummary(a.incidents))),
            JSONMember("warnings", .array(a.reportWarnings.map(JSONValue.string))),
        ])
    }

    static func time(_ t: Instant?) -> JSONValue { t.map { .string($0.iso8601) } ?? .null }

    public static func input(_ s: SourceFacts) -> JSONValue {
        .object([
            JSONMember("path", .string(s.path)),
            JSONMember("format", .optional(s.format?.rawValue)),
            JSONMember("records", .int(s.records)),
            JSONMember("undecodable", .int(s.undecodable)),
            JSONMember("first", time(s.first)),
            JSONMember("last", time(s.last)),
            JSONMember("gaps", .array(s.gaps.map { gap in
                .object([
                    JSONMember("from", time(gap.from)),
                    JSONMember("to", time(gap.to)),
                    // Whole seconds, as the contract's example writes them.
                    JSONMember("seconds", .int((gap.to - gap.from).nanoseconds / 1_000_000_000)),
                ])
            })),
            JSONMember("warnings", .array(s.warnings.map(JSONValue.string))),
            JSONMember("device", .string(s.device)),
            JSONMember("sha256", .string(s.sha256)),
            JSONMember("zone_origin", .optional(s.zoneOrigin)),
            JSONMember("date_origin", .optional(s.dateOrigin)),
        ])
    }

    static func fields(_ fields: [String: FieldValue]) -> JSONValue {
        .sortedObject(fields.mapValues { value in
            switch value {
            case .int(let v): return .int(v)
            case .string(let s): return .string(s)
            }
        })
    }

    public static func incident(_ i: Incident) -> JSONValue {
        var group: [JSONMember] = [
            JSONMember("device", .string(i.group.device)),
            JSONMember("process", .optional(i.group.process)),
            JSONMember("pid", .optional(i.group.pid)),
        ]
        // Other group-by fields after the three the contract names, sorted.
        if case .object(let extra) = fields(i.group.fields) {
            group += extra.filter { !["device", "process", "pid"].contains($0.key) }
        }
        return .object([
            JSONMember("id", .string(i.id)),
            JSONMember("kind", .string(i.kind)),
            JSONMember("rule", .string(i.ruleID)),
            JSONMember("verdict", .string(i.verdict.rawValue)),
            JSONMember("confidence", .double(i.confidence)),
            JSONMember("reason", .optional(i.reason)),
            JSONMember("start", time(i.start)),
            JSONMember("end", time(i.end)),
            JSONMember("group", .object(group)),
            JSONMember("outcome", .optional(i.outcome?.rawValue)),
            JSONMember("missing", .array(i.missing.map(JSONValue.string))),
            JSONMember("warnings", .array(i.warnings.map(JSONValue.string))),
            JSONMember("steps", .array(i.steps.map(step))),
            JSONMember("coverage", i.coverage.map(coverage) ?? .null),
        ])
    }

    static func step(_ s: Signal) -> JSONValue {
        .object([
            JSONMember("signal", .string(s.name)),
            JSONMember("rule", .string(s.ruleID)),
            JSONMember("time", time(s.time)),
            JSONMember("source", .string(s.source)),
            JSONMember("line", .int(s.line)),
            JSONMember("text", .string(s.text)),
            JSONMember("fields", fields(s.fields)),
        ])
    }

    static func coverage(_ c: Coverage) -> JSONValue {
        .object([
            JSONMember("verdict", .string(c.verdict.rawValue)),
            JSONMember("snapshot", c.snapshot.map { s in
                .object([
                    JSONMember("time", time(s.time)),
                    JSONMember("items", .int(s.items)),
                    JSONMember("bytes", .optional(s.bytes)),
                    JSONMember("source", .string(s.source)),
                    JSONMember("line", .int(s.line)),
                ])
            } ?? .null),
            JSONMember("age_seconds", .optional(c.ageSeconds)),
            JSONMember("baseline_items", .optional(c.baselineItems)),
            JSONMember("restored", .bool(c.restored)),
        ])
    }

    public static func summary(_ s: ReportSummary) -> JSONValue {
        .object([
            JSONMember("incidents", .int(s.incidents)),
            JSONMember("probable", .int(s.probable)),
            JSONMember("possible", .int(s.possible)),
            JSONMember("lost", .int(s.lost)),
            JSONMember("recovered", .int(s.recovered)),
            JSONMember("unknown", .int(s.unknown)),
            JSONMember("uncovered", .int(s.uncovered)),
        ])
    }
}
