/// A problem found while loading or linting rules: a value, not a thrown error, so that
/// all problems of a file are reported at once.
public struct RuleDiagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }
    public var severity: Severity
    public var file: String
    public var line: Int
    public var ruleID: String?
    public var message: String

    public init(_ severity: Severity, file: String, line: Int, ruleID: String?, message: String) {
        self.severity = severity
        self.file = file
        self.line = line
        self.ruleID = ruleID
        self.message = message
    }

    /// `rules/coredata.yml:12: coredata.reset_sync_will: error: unknown key 'matc'`
    /// (a line of 0, for a problem with a whole file, is left out).
    public var description: String {
        "\(location)\(severity.rawValue): \(message)"
    }

    /// `rules/coredata.yml:12: coredata.reset_sync_will: unknown key 'matc'`: the shape of the
    /// one-line `purgetrace: error: …` of a command that cannot run its rules.
    public var oneLine: String { location + message }

    private var location: String {
        var text = line > 0 ? "\(file):\(line): " : "\(file): "
        if let ruleID { text += "\(ruleID): " }
        return text
    }
}
