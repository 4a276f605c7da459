/// The `*_json` columns of the timeline database: compact JSON with sorted keys, times
/// as integer nanoseconds (`*_ns`) beside ISO text (`*_utc`) so values read back equal
/// what was written. Decoding is lenient about what it does not need and strict about
/// types, so a hand-edited row fails with a message instead of a wrong report.
enum StoreCodec {
    struct DecodeError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    // MARK: strings

    static func encode(strings: [String]) -> String {
        JSONValue.array(strings.map(JSONValue.string)).compact
    }

    static func decodeStrings(_ text: String?, column: String) throws -> [String] {
        guard let text, !text.isEmpty else { return [] }
        guard let items = try parse(text, column: column).arrayValue else { throw DecodeError(message: "\(column) is not an array") }
        return try items.map {
            guard let s = $0.stringValue else { throw DecodeError(message: "\(column) holds a non-string") }
            return s
        }
    }

    // MARK: fields

    static func json(fields: [String: FieldValue]) -> JSONValue {
        JSONValue.sortedObject(fields.mapValues { value in
            switch value {
            case .int(let v): return .int(v)
            case .string(let s): return .string(s)
            }
        })
    }

    static func encode(fields: [String: FieldValue]) -> String { json(fields: fields).compact }

    static func fields(from value: JSONValue, column: String) throws -> [String: FieldValue] {
        guard let members = value.objectMembers else { throw DecodeError(message: "\(column) is not an object") }
        var out: [String: FieldValue] = [:]
        for member in members {
            switch member.value {
            case .int(let v): out[member.key] = .int(v)
            case .string(let s): out[member.key] = .string(s)
            default: throw DecodeError(message: "\(column).\(member.key) is neither an integer nor a string")
            }
        }
        return out
    }

    static func decodeFields(_ text: String?, column: String) throws -> [String: FieldValue] {
        guard let text, !text.isEmpty else { return [:] }
        return try fields(from: parse(text, column: column), column: column)
    }

    // MARK: group

    static func encode(group: IncidentGroup) -> String {
        JSONValue.object([
            JSONMember("device", .string(group.device)),
            JSONMember("process", .optional(group.process)),
            JSONMember("pid", .optional(group.pid)),
            JSONMember("fields", json(fields: group.fields)),
        ]).compact
    }

    static func decodeGroup(_ text: String) throws -> IncidentGroup {
        let value = try parse(text, column: "group_json")
        guard let device = value["device"]?.stringValue else { throw DecodeError(message: "group_json has no device") }
        return IncidentGroup(
            device: device, process: value["process"]?.stringValue, pid: value["pid"]?.int64Value,
            fields: try value["fields"].map { try fields(from: $0, column: "group_json.fields") } ?? [:])
    }

    // MARK: coverage

    static func encode(coverage: Coverage) -> String {
        let snapshot: JSONValue = coverage.snapshot.map { s in
            JSONValue.object([
                JSONMember("time_utc", .string(s.time.iso8601)),
                JSONMember("time_ns", .int(s.time.nanoseconds)),
                JSONMember("items", .int(s.items)),
                JSONMember("bytes", .optional(s.bytes)),
                JSONMember("source", .string(s.source)),
                JSONMember("line", .int(s.line)),
            ])
        } ?? .null
        return JSONValue.object([
            JSONMember("verdict", .string(coverage.verdict.rawValue)),
            JSONMember("snapshot", snapshot),
            JSONMember("age_seconds", .optional(coverage.ageSeconds)),
            JSONMember("baseline_items", .optional(coverage.baselineItems)),
            JSONMember("restored", .bool(coverage.restored)),
        ]).compact
    }

    static func decodeCoverage(_ text: String) throws -> Coverage {
        let value = try parse(text, column: "coverage_json")
        guard let verdictText = value["verdict"]?.stringValue, let verdict = CoverageVerdict(rawValue: verdictText) else {
            throw DecodeError(message: "coverage_json has no valid verdict")
        }
        var snapshot: SnapshotRef?
        if let s = value["snapshot"], !s.isNull {
            guard let ns = s["time_ns"]?.int64Value, let items = s["items"]?.int64Value,
                  let source = s["source"]?.stringValue, let line = s["line"]?.int64Value else {
                throw DecodeError(message: "coverage_json.snapshot is incomplete")
            }
            snapshot = SnapshotRef(time: Instant(nanoseconds: ns), items: items, bytes: s["bytes"]?.int64Value,
                                   source: source, line: Int(line))
        }
        return Coverage(verdict: verdict, snapshot: snapshot, ageSeconds: value["age_seconds"]?.doubleValue,
                        baselineItems: value["baseline_items"]?.int64Value, restored: value["restored"]?.boolValue ?? false)
    }

    static func parse(_ text: String, column: String) throws -> JSONValue {
        do {
            return try JSONValue(parsing: text)
        } catch {
            throw DecodeError(message: "\(column) is not valid JSON (\(error))")
        }
    }
}
