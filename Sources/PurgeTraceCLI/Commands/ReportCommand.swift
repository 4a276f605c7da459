import PurgeTrace

enum ReportCommand {
    static let spec = CommandSpec(
        name: "report",
        summary: "report the incidents of a timeline database",
        usage: ["report [options] --db FILE"],
        options: OptionSpec.terminal,
        run: { invocation in
            throw ToolError("report is not implemented yet")
        })
}
