import PurgeTrace

enum MergeCommand {
    static let spec = CommandSpec(
        name: "merge",
        summary: "combine shard databases into one",
        usage: ["merge OUT.db IN.db..."],
        options: OptionSpec.terminal,
        run: { invocation in
            throw ToolError("merge is not implemented yet")
        })
}
