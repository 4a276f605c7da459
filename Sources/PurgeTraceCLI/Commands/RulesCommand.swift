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
            OptionSpec("--input-format", "NAME", "explain: how to parse the line (default: detect)",
                       choices: LogFormat.allCases.map(\.rawValue)),
            OptionSpec("--all", nil, "explain: show every rule's verdict, not only matches and near misses"),
        ] + OptionSpec.terminal,
        details: """
            Without RULES_PATH, list, lint and test use the shipped rules (and any --rules).
            lint reports every error (exit 1) and warnings: rules without examples, patterns
            the prefilter cannot use, PCRE2 constructs outside the portable Sigma subset,
            references to signals no rule emits.
            test runs every rule's examples: a match example must match and yield its
            fields, a no-match example must not match (exit 1 naming each failure).
            explain parses one log line, shows its fields, the rules that matched with
            their captures, and why near misses did not match.
            """,
        run: { invocation in
            guard let sub = invocation.positionals.first else {
                throw UsageError("rules needs a subcommand: list, lint, test or explain (see purgetrace rules --help)")
            }
            let arguments = Array(invocation.positionals.dropFirst())
            switch sub {
            case "list": return try list(invocation, paths: arguments)
            case "lint": return try lint(invocation, paths: arguments)
            case "test": return try test(invocation, paths: arguments)
            case "explain": return try explain(invocation, arguments: arguments)
            default:
                throw UsageError("unknown rules subcommand '\(sub)': expected list, lint, test or explain")
            }
        })

    static func reject(_ options: [String], for sub: String, in invocation: Invocation) throws {
        for option in options where invocation.has(option) || invocation.value(option) != nil {
            throw UsageError("option \(option) is not used by 'rules \(sub)'")
        }
    }
}
