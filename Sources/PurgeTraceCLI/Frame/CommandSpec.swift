/// A subcommand: its name, help text, options and what it runs. Every command is listed
/// once in `CommandRegistry`, which drives dispatch and all `--help` output.
public struct CommandSpec: Sendable {
    public var name: String
    public var summary: String
    /// Usage lines without the leading `purgetrace `.
    public var usage: [String]
    public var options: [OptionSpec]
    /// Extra paragraphs for `--help`.
    public var details: String?
    public var run: @Sendable (Invocation) throws -> Int32

    public init(name: String, summary: String, usage: [String], options: [OptionSpec], details: String? = nil,
                run: @escaping @Sendable (Invocation) throws -> Int32) {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.options = options + [OptionSpec("--help", nil, "show this help")]
        self.details = details
        self.run = run
    }

    /// `purgetrace COMMAND --help`.
    public var help: String {
        var text = "purgetrace \(name): \(summary)\n\nUsage:\n"
        for line in usage { text += "  purgetrace \(line)\n" }
        if let details { text += "\n\(details)\n" }
        text += "\nOptions:\n"
        let rows = options.map { spec -> (String, String) in
            var left = spec.name
            if let valueName = spec.valueName { left += " \(valueName)" }
            var help = spec.help
            if let choices = spec.choices, choices.count <= 6 { help += " [\(choices.joined(separator: "|"))]" }
            return (left, help)
        }
        let width = min(28, rows.map { $0.0.count }.max() ?? 0)
        for (left, help) in rows {
            if left.count > width {
                text += "  \(left)\n  \(String(repeating: " ", count: width))  \(help)\n"
            } else {
                text += "  \(left)\(String(repeating: " ", count: width - left.count))  \(help)\n"
            }
        }
        return text
    }
}

/// Exit statuses (contract §1).
public enum ExitStatus {
    /// The command ran, whatever it found.
    public static let success: Int32 = 0
    /// `--fail-on` triggered, `rules lint` found errors, `rules test` found failures.
    public static let findings: Int32 = 1
    /// The command could not run.
    public static let failure: Int32 = 2
}
