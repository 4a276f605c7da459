import PurgeTrace

/// `purgetrace analyze`: parse, match, correlate and report in one run.
enum AnalyzeCommand {
    static let spec = CommandSpec(
        name: "analyze",
        summary: "parse logs, match rules, correlate incidents and print a report",
        usage: ["analyze [options] PATH..."],
        options: OptionSpec.reading + OptionSpec.reporting + OptionSpec.terminal + [
            OptionSpec("--db", "FILE", "also keep the timeline in this SQLite file"),
        ],
        details: """
            A PATH may be a file, a folder (read recursively, in sorted order), an archive
            (.gz .bz2 .xz .zip .tar .tgz, sysdiagnose included) or - for standard input.
            """,
        run: { invocation in
            throw ToolError("analyze is not implemented yet")
        })
}
