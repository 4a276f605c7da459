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
    public var description: String {
        var text = "\(file):\(line): "
        if let ruleID { text += "\(ruleID): " }
        return text + "\(severity.rawValue): \(message)"
    }
}
