import Foundation
import PurgeTrace

extension RulesCommand {
    /// `rules explain [--rules PATH] (LINE | --file FILE --line N)`: how the rules see one record.
    static func explain(_ invocation: Invocation, arguments: [String]) throws -> Int32 {
        try reject(["--format"], for: "explain", in: invocation)
        let format = invocation.value("--input-format").flatMap(LogFormat.init(rawValue:))
        let (text, sourceName, wantedLine) = try explainInput(invocation, arguments: arguments)
        let paths = try RuleSources.paths(for: invocation)
        let result = try RuleSources.loadForRunning(paths: paths)
        let parsed = ExampleRecords.parse(text: text, format: format, name: sourceName)
        var records = parsed.records
        if let wanted = wantedLine {
            // The record that holds line N: the last one starting at or before it.
            guard let record = records.last(where: { $0.line <= wanted }),
                  records.first(where: { $0.line > record.line }).map({ $0.line > wanted }) ?? true else {
                throw ToolError("\(sourceName):\(wanted): no log record there (as \(parsed.format.rawValue))")
            }
            records = [record]
        }
        guard !records.isEmpty else {
            throw ToolError("\(sourceName): no log record found in the text (as \(parsed.format.rawValue))")
        }
        // Rules from --rules files are the author's own: always say why they did not match.
        let userFiles = Set(invocation.all("--rules").flatMap { path in
            result.ruleSet.files.filter { $0 == path || $0.hasPrefix(path.hasSuffix("/") ? path : path + "/") }
        })
        let engine = RuleEngine(ruleSet: result.ruleSet)
        let matcher = engine.makeMatcher()
        let source = SourceInfo(path: sourceName, device: "explain", format: parsed.format)
        var out = ""
        for (n, record) in records.enumerated() {
            if records.count > 1 { out += "Record \(n + 1) of \(records.count) (line \(record.line))\n" }
            out += describe(record, format: parsed.format)
            let explanations = record.withView { matcher.explain($0, source: source) }
            out += "\nMatched:\n"
            let matched = explanations.filter { $0.verdict.isMatch }
            if matched.isEmpty { out += "  (no rule)\n" }
            for e in matched {
                guard case .matched(let fields) = e.verdict else { continue }
                out += "  \(e.rule.header.id) → signal \(e.rule.header.signal)  (\(e.rule.header.file):\(e.rule.header.line))\n"
                for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
                    out += "    \(name) = \(oneLine(String(describing: value)))\n"
                }
            }
            let misses = explanations.filter {
                !$0.verdict.isMatch && ($0.isNearMiss || invocation.has("--all") || userFiles.contains($0.rule.header.file))
            }
            out += "\n" + (invocation.has("--all") ? "Not matched:\n" : "Near misses:\n")
            if misses.isEmpty { out += "  (none)\n" }
            for e in misses {
                out += "  \(e.rule.header.id)  (\(e.rule.header.file):\(e.rule.header.line)): \(oneLine(e.verdict.explanation))\n"
            }
            if n < records.count - 1 { out += "\n" }
        }
        // Log text, captures and rule file names reach the terminal: no escape sequences.
        invocation.terminal.write(out.split(separator: "\n", omittingEmptySubsequences: false)
            .map { SafeText.terminal(String($0)) }.joined(separator: "\n"))
        return ExitStatus.success
    }

    /// The text to explain, the name it is reported under, and the wanted line (for --file).
    private static func explainInput(_ invocation: Invocation, arguments: [String]) throws -> (String, String, Int?) {
        if let file = invocation.value("--file") {
            guard arguments.isEmpty else { throw UsageError("rules explain takes either LINE or --file FILE --line N, not both") }
            guard let lineText = invocation.value("--line") else { throw UsageError("--file needs --line N") }
            guard let line = Int(lineText), line >= 1 else {
                throw UsageError("invalid value '\(lineText)' for --line: expected a line number (1 or more)")
            }
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ToolError("cannot read \(file)")
            }
            return (String(decoding: data, as: UTF8.self), file, line)
        }
        if invocation.value("--line") != nil { throw UsageError("--line needs --file FILE") }
        guard arguments.count == 1 else {
            throw UsageError(arguments.isEmpty
                ? "rules explain needs a LINE (quote it) or --file FILE --line N"
                : "rules explain takes one LINE; quote the whole log line")
        }
        return (arguments[0], "LINE", nil)
    }

    private static func describe(_ record: LogRecord, format: LogFormat) -> String {
        var rows: [[String]] = []
        var time = record.time.iso8601
        if let offset = record.utcOffset {
            time += " (logged at \(record.time.format(offsetSeconds: offset, fractionDigits: 6)))"
        }
        rows.append(["time", time])
        if let v = record.process { rows.append(["process", v]) }
        if let v = record.pid { rows.append(["pid", String(v)]) }
        if let v = record.subsystem { rows.append(["subsystem", v]) }
        if let v = record.category { rows.append(["category", v]) }
        if let v = record.level { rows.append(["level", v.rawValue]) }
        if let v = record.sender { rows.append(["sender", v]) }
        rows.append(["message", oneLine(record.message)])
        return "Parsed as \(format.rawValue):\n" + render(rows.map { ["  " + $0[0], $0[1]] })
    }
}
