import PurgeTrace

/// A command line after syntax parsing: options by name, and positional arguments.
public struct Invocation {
    public let command: String
    public private(set) var values: [String: [String]] = [:]
    public private(set) var flags: Set<String> = []
    public private(set) var positionals: [String] = []
    public let terminal: Terminal

    /// Parses `arguments` (after the command name) against `specs`.
    init(command: String, arguments: [String], specs: [OptionSpec], terminal: Terminal) throws(UsageError) {
        self.command = command
        self.terminal = terminal
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let eq = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<eq])
                inlineValue = String(argument[argument.index(after: eq)...])
            }
            if name == "-h" { name = "--help" }
            guard let spec = specs.first(where: { $0.name == name }) else {
                throw UsageError("unknown option '\(name)' for '\(command)' (see purgetrace \(command) --help)")
            }
            if spec.takesValue {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard i < arguments.count else { throw UsageError("option \(name) needs a value \(spec.valueName!)") }
                    value = arguments[i]
                    i += 1
                }
                if let choices = spec.choices, !choices.contains(value) {
                    throw UsageError("invalid value '\(value)' for \(name): expected \(choices.joined(separator: ", "))")
                }
                if !spec.repeatable, values[name] != nil {
                    throw UsageError("option \(name) given more than once")
                }
                values[name, default: []].append(value)
            } else {
                guard inlineValue == nil else { throw UsageError("option \(name) takes no value") }
                flags.insert(name)
            }
        }
    }

    public func value(_ name: String) -> String? { values[name]?.last }
    public func all(_ name: String) -> [String] { values[name] ?? [] }
    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// An integer option within a range, or a usage error naming it.
    public func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let v = Int(text), range.contains(v) else {
            throw UsageError("invalid value '\(text)' for \(name): expected an integer in \(range.lowerBound)...\(range.upperBound)")
        }
        return v
    }
}

/// A mistake on the command line: exit status 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
