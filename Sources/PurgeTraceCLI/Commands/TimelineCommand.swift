import PurgeTrace

/// `purgetrace timeline --db FILE (--incident ID | --around TIME [--window DUR])`: the
/// merged, time-ordered signals (and, with --records, kept records) of an incident or
/// around a time, with source:line and the raw lines.
enum TimelineCommand {
    static let spec = CommandSpec(
        name: "timeline",
        summary: "show the merged, time-ordered signals of an incident or around a time",
        usage: ["timeline [options] --db FILE --incident ID [--window DUR]",
                "timeline [options] --db FILE --around TIME [--window DUR] [--device NAME]"],
        options: [
            OptionSpec("--db", "FILE", "the timeline database"),
            OptionSpec("--incident", "ID", "an incident id (or a unique prefix of one)"),
            OptionSpec("--around", "TIME", "center of the range (ISO 8601; UTC without an offset)"),
            OptionSpec("--window", "DUR", "with --around: ± DUR (default 10m); with --incident: context before and after (default 5m)"),
            OptionSpec("--device", "NAME", "with --around: only this device"),
            OptionSpec("--records", nil, "also show every kept record in the range (databases ingested with --keep-records)"),
            OptionSpec("--output", "FILE", "write to FILE instead of standard output"),
            OptionSpec("--redact", nil, "replace emails, tokens, user UUIDs and home-folder names"),
        ] + OptionSpec.terminal,
        run: { invocation in
            let path = try ReportDelivery.databasePath(invocation)
            let window: TimeSpan?
            if let text = invocation.value("--window") {
                guard let span = TimeSpan(parsing: text), span.nanoseconds >= 0 else {
                    throw UsageError("invalid value '\(text)' for --window: expected a duration like 30s, 10m, 2h")
                }
                window = span
            } else {
                window = nil
            }
            let selection: TimelineView.Selection
            switch (invocation.value("--incident"), invocation.value("--around")) {
            case (let id?, nil):
                if invocation.value("--device") != nil { throw UsageError("--device goes with --around, not --incident") }
                selection = .incident(id, margin: window ?? .minutes(5))
            case (nil, let around?):
                guard let time = Instant(iso8601: around) else {
                    throw UsageError("invalid value '\(around)' for --around: expected ISO 8601 like 2026-03-14T01:02:03Z")
                }
                selection = .around(time, window: window ?? .minutes(10), device: invocation.value("--device"))
            case (.some, .some):
                throw UsageError("give either --incident or --around, not both")
            case (nil, nil):
                throw UsageError("timeline needs --incident ID or --around TIME (see purgetrace timeline --help)")
            }
            let store = try TimelineStore(path: path, access: .readOnly)
            let redactor = invocation.has("--redact") ? Redactor() : nil
            var analysis = try store.loadAnalysis()
            if let redactor { analysis = redactor.redact(analysis) }
            let resolved = try TimelineView.resolve(selection, in: analysis)
            var entries = TimelineView.entries(resolved, in: analysis)
            if invocation.has("--records") {
                try store.forEachRecord(device: resolved.device, from: resolved.from, to: resolved.to + .init(nanoseconds: 1)) { stored in
                    entries.append(.record(redactor?.redact(stored) ?? stored))
                }
            }
            let output = try OutputTarget(path: invocation.value("--output"), terminal: invocation.terminal)
            let view = TimelineView(color: output.path == nil && invocation.terminal.colorOnStdout)
            try output.write(view.render(resolved, entries: entries))
            try output.close()
            return ExitStatus.success
        })
}
