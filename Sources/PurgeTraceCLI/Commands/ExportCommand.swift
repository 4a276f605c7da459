import PurgeTrace

enum ExportCommand {
    static let spec = CommandSpec(
        name: "export",
        summary: "export a timeline database for Timesketch, CSV or JSON Lines",
        usage: ["export --db FILE --format timesketch|csv|jsonl [--output FILE]"],
        options: OptionSpec.terminal,
        run: { invocation in
            throw ToolError("export is not implemented yet")
        })
}
