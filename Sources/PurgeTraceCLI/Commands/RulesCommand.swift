import PurgeTrace

/// `purgetrace rules list|lint|test|explain`: rule authoring.
enum RulesCommand {
    static let spec = CommandSpec(
        name: "rules",
        summary: "list, lint, test and explain rule files",
        usage: [
            "rules list [--format json] [RULES_PATH...]",
            "rules lint [RULES_PATH...]",
            "rules test [RULES_PATH...]",
            "rules explain [--rules PATH] (LINE | --file FILE --line N)",
        ],
        options: [
            OptionSpec("--format", "FORMAT", "output format of 'rules list'", choices: ["text", "json"]),
            OptionSpec("--rules", "PATH", "extra rule file or directory; repeatable", repeatable: true),
            OptionSpec("--no-default-rules", nil, "load only the given rules"),
            OptionSpec("--rules-dir", "DIR", "where the shipped rules are"),
            OptionSpec("--file", "FILE", "explain: the log file holding the line"),
            OptionSpec("--line", "N", "explain: the line number in --file"),
            OptionSpec("--input-format", "NAME", "explain: how to parse the line (default: detect)"),
        ] + OptionSpec.terminal,
        run: { invocation in
            throw ToolError("rules is not implemented yet")
        })
}
