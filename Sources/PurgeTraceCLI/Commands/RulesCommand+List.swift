import PurgeTrace

extension RulesCommand {
    /// `rules list [--format json] [RULES_PATH...]`: id, title, level, signal and file of every rule.
    /// JSON rows also carry `patterns`: an event rule's `match` and `match-all` sources (with
    /// `(?i)` in front when the rule is caseless), so tools such as `bench/bench.py` can hand
    /// the same patterns to a grep; correlation rules have none.
    static func list(_ invocation: Invocation, paths explicit: [String]) throws -> Int32 {
        try reject(["--file", "--line", "--input-format", "--all"], for: "list", in: invocation)
        let result = try RuleSources.loadForRunning(paths: RuleSources.paths(for: invocation, explicit: explicit))
        let rows = rows(result.ruleSet)
        if invocation.value("--format") == "json" {
            let array = JSONValue.array(rows.map { row in
                JSONValue.sortedObject([
                    "id": .string(row.id), "title": .optional(row.title), "level": .optional(row.level),
                    "signal": .string(row.signal), "file": .string(row.file), "line": .int(row.line),
                    "type": .string(row.type), "patterns": .array(row.patterns.map(JSONValue.string)),
                ])
            })
            invocation.terminal.write(array.rendered())
            return ExitStatus.success
        }
        let table = [["ID", "LEVEL", "SIGNAL", "TYPE", "FILE", "TITLE"]]
            + rows.map { [$0.id, $0.level ?? "-", $0.signal, $0.type, "\($0.file):\($0.line)", $0.title ?? ""] }
        invocation.terminal.write(render(table))
        return ExitStatus.success
    }

    struct Row {
        var id: String
        var title: String?
        var level: String?
        var signal: String
        var type: String
        var file: String
        var line: Int
        var patterns: [String] = []
    }

    static func rows(_ ruleSet: RuleSet) -> [Row] {
        func row(_ header: RuleHeader, _ type: String, _ patterns: [String] = []) -> Row {
            Row(id: header.id, title: header.title, level: header.level?.rawValue, signal: header.signal, type: type,
                file: header.file, line: header.line, patterns: patterns)
        }
        func patterns(_ rule: EventRule) -> [String] {
            (rule.match + rule.matchAll).map { rule.caseless ? "(?i)" + $0.source : $0.source }
        }
        // Load order: by file, then by position in the file.
        let fileOrder = Dictionary(ruleSet.files.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let all = ruleSet.eventRules.map { row($0.header, "event", patterns($0)) }
            + ruleSet.correlationRules.map { row($0.header, $0.kind.rawValue) }
        return all.sorted { a, b in
            let fa = fileOrder[a.file] ?? 0, fb = fileOrder[b.file] ?? 0
            return fa != fb ? fa < fb : a.line < b.line
        }
    }
}
