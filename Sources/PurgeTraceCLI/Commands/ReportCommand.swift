import PurgeTrace

/// `purgetrace report --db FILE`: the report of everything a timeline database holds —
/// byte for byte what `analyze` of the same files prints. Opens the database read-only,
/// so a read-only file (or one on read-only media) can be reported from.
enum ReportCommand {
    static let spec = CommandSpec(
        name: "report",
        summary: "report the incidents of a timeline database",
        usage: ["report [options] --db FILE"],
        options: [OptionSpec("--db", "FILE", "the timeline database to report from")] + OptionSpec.reporting + OptionSpec.terminal,
        details: """
            Prints the same report analyze prints for the same evidence: --format text (default),
            markdown, json (contract schema purgetrace.report/1) or html (one self-contained page).
            """,
        run: { invocation in
            guard invocation.positionals.isEmpty else {
                throw UsageError("report takes no PATH (did you mean ingest or analyze?): \(invocation.positionals[0])")
            }
            let path = try ReportDelivery.databasePath(invocation)
            let store = try TimelineStore(path: path, access: .readOnly)
            return try ReportDelivery.deliver(try store.loadAnalysis(), invocation: invocation)
        })
}
