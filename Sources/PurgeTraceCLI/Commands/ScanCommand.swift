import PurgeTrace

enum ScanCommand {
    static let spec = CommandSpec(
        name: "scan",
        summary: "batch-scan folders of log bundles in parallel into one database",
        usage: ["scan [options] --db FILE PATH..."],
        options: OptionSpec.terminal,
        run: { invocation in
            throw ToolError("scan is not implemented yet")
        })
}
