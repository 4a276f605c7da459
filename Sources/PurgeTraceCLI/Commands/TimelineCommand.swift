import PurgeTrace

enum TimelineCommand {
    static let spec = CommandSpec(
        name: "timeline",
        summary: "show the merged, time-ordered signals of an incident or around a time",
        usage: ["timeline [options] --db FILE [--incident ID] [--around TIME --window DUR]"],
        options: OptionSpec.terminal,
        run: { invocation in
            throw ToolError("timeline is not implemented yet")
        })
}
