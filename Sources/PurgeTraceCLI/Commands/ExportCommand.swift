import PurgeTrace

/// `purgetrace export --db FILE --format timesketch|csv|jsonl`: every signal and incident
/// (and with --records every kept record) as events for Timesketch, a spreadsheet or jq.
enum ExportCommand {
    static let spec = CommandSpec(
        name: "export",
        summary: "export a timeline database for Timesketch, CSV or JSON Lines",
        usage: ["export --db FILE --format timesketch|csv|jsonl [--output FILE] [--records] [--redact]"],
        options: [
            OptionSpec("--db", "FILE", "the timeline database"),
            OptionSpec("--format", "FORMAT", "timesketch (JSONL for Timesketch import), csv or jsonl",
                       choices: TimelineExporter.Format.allCases.map(\.rawValue)),
            OptionSpec("--output", "FILE", "write to FILE instead of standard output"),
            OptionSpec("--records", nil, "also export every kept record (databases ingested with --keep-records)"),
            OptionSpec("--redact", nil, "replace emails, tokens, user UUIDs and home-folder names"),
        ] + OptionSpec.terminal,
        details: """
            Events are signals (timestamp_desc "Signal time") and incidents ("Incident start") in
            time order, then with --records every kept record ("Record time") in time order.
            CSV cells that a spreadsheet would run as a formula are prefixed with a quote.
            """,
        run: { invocation in
            let path = try ReportDelivery.databasePath(invocation)
            guard let name = invocation.value("--format"), let format = TimelineExporter.Format(rawValue: name) else {
                throw UsageError("export needs --format timesketch, csv or jsonl")
            }
            let store = try TimelineStore(path: path, access: .readOnly)
            let redactor = invocation.has("--redact") ? Redactor() : nil
            var analysis = try store.loadAnalysis()
            if let redactor { analysis = redactor.redact(analysis) }
            let exporter = TimelineExporter(format: format)
            let output = try OutputTarget(path: invocation.value("--output"), terminal: invocation.terminal)
            try output.write(exporter.header)
            for line in exporter.lines(for: analysis) { try output.write(line) }
            if invocation.has("--records") {
                do {
                    try store.forEachRecord { stored in
                        let r = redactor?.redact(stored) ?? stored
                        try output.write(exporter.line(for: r))
                    }
                } catch let error as ToolError {
                    output.abandon()
                    throw error
                }
            }
            try output.close()
            return ExitStatus.success
        })
}
