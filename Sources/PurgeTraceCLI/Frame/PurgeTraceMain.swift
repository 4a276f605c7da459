import PurgeTrace

/// Entry point of the command line: dispatches to a command, turns errors into the
/// contract's one-line message and exit status.
public enum PurgeTraceMain {
    public static func run(arguments: [String], environment: [String: String]) -> Int32 {
        let terminal = Terminal(environment: environment)
        var args = Array(arguments.dropFirst())
        guard let first = args.first else {
            terminal.writeError(CommandRegistry.overview)
            return ExitStatus.failure
        }
        switch first {
        case "--help", "-h", "help":
            if first == "help", args.count > 1, let command = CommandRegistry.command(named: args[1]) {
                terminal.write(command.help)
            } else {
                terminal.write(CommandRegistry.overview)
            }
            return ExitStatus.success
        case "--version", "-V":
            terminal.write("purgetrace \(PurgeTraceVersion.current)\n")
            return ExitStatus.success
        default:
            break
        }
        args.removeFirst()
        guard let command = CommandRegistry.command(named: first) else {
            if first.hasPrefix("-") {
                terminal.error("unknown option '\(first)' (see purgetrace --help)")
            } else {
                terminal.error("unknown command '\(first)' (see purgetrace --help)")
            }
            return ExitStatus.failure
        }
        do {
            let invocation = try Invocation(command: command.name, arguments: args, specs: command.options, terminal: terminal)
            if invocation.has("--help") {
                terminal.write(command.help)
                return ExitStatus.success
            }
            if let color = invocation.value("--color"), let choice = Terminal.ColorChoice(rawValue: color) {
                terminal.colorChoice = choice
            }
            if invocation.has("--redact") { terminal.redactStandardError() }
            return try command.run(invocation)
        } catch let error as UsageError {
            terminal.error(error.message)
            return ExitStatus.failure
        } catch let error as ToolError {
            terminal.error(error.message)
            return ExitStatus.failure
        } catch {
            terminal.error(String(describing: error))
            return ExitStatus.failure
        }
    }
}
