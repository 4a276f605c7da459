import Foundation

/// Runs the built `purgetrace` in `Fixtures/chains/`, so the paths in its reports are the
/// fixture names as given (device names included) whatever the checkout's location.
enum ChainRun {
    static let directory = TestPaths.fixtures.appendingPathComponent("chains")

    struct Failed: Error, CustomStringConvertible {
        var arguments: [String]
        var run: BinaryRun
        var description: String { "purgetrace \(arguments.joined(separator: " ")) exited \(run.status): \(run.stderr)" }
    }

    /// `purgetrace COMMAND ARGUMENTS` in the fixture folder; throws unless it exits 0.
    @discardableResult
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> BinaryRun {
        let run = try BinaryRun.run(arguments, environment: environment, currentDirectory: directory)
        guard run.status == 0 else { throw Failed(arguments: arguments, run: run) }
        return run
    }

    /// `analyze --format FORMAT ARGUMENTS`.
    static func analyze(_ arguments: [String], format: String = "json", environment: [String: String] = [:]) throws -> String {
        try run(["analyze", "--format", format] + arguments, environment: environment).stdout
    }

    /// A JSON report decoded with Foundation, independently of the tool's own writer.
    static func decode(_ json: String) throws -> [String: Any] {
        try JSONField.object(try JSONSerialization.jsonObject(with: Data(json.utf8)), "report")
    }
}
