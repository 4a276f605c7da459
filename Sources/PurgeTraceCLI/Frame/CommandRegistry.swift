import PurgeTrace

/// The one list of subcommands. Adding a command means adding it here; dispatch,
/// the top-level help and each command's `--help` all come from this list.
public enum CommandRegistry {
    public static let commands: [CommandSpec] = [
        AnalyzeCommand.spec,
        IngestCommand.spec,
        ReportCommand.spec,
        TimelineCommand.spec,
        ScanCommand.spec,
        MergeCommand.spec,
        ExportCommand.spec,
        RulesCommand.spec,
    ]

    public static func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }

    public static var overview: String {
        var text = """
            purgetrace \(PurgeTraceVersion.current): find Core Data / CloudKit store purges in device logs

            Usage: purgetrace COMMAND [options] ...

            Commands:

            """
        let width = commands.map { $0.name.count }.max() ?? 0
        for command in commands {
            text += "  \(command.name)\(String(repeating: " ", count: width - command.name.count))  \(command.summary)\n"
        }
        text += """

            Run 'purgetrace COMMAND --help' for a command's options.
            Options: --help, --version

            """
        return text
    }
}
