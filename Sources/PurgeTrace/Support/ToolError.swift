/// An error that stops a command (exit status 2). The message is one line that names
/// the path, rule id or line at fault; the CLI prints it as `purgetrace: error: …`.
public struct ToolError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
