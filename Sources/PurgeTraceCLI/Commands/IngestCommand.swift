import PurgeTrace

enum IngestCommand {
    static let spec = CommandSpec(
        name: "ingest",
        summary: "add evidence to a timeline database",
        usage: ["ingest [options] --db FILE PATH..."],
        options: OptionSpec.terminal,
        run: { invocation in
            throw ToolError("ingest is not implemented yet")
        })
}
