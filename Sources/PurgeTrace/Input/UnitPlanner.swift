/// Turns PATH arguments into evidence units (devices), incident-model.md §3.
/// STUB: to be implemented by the ingestion work (issue 9).
public enum UnitPlanner {
    /// - Parameters:
    ///   - paths: PATH arguments as given (`-` is standard input).
    ///   - sameDevice: `--same-device`: all PATHs form one unit.
    ///   - deviceName: `--device NAME`: names that one unit (implies sameDevice).
    /// - Throws: `ToolError` naming a PATH that is missing or unreadable.
    public static func units(paths: [String], sameDevice: Bool, deviceName: String?) throws(ToolError) -> [EvidenceUnit] {
        throw ToolError("UnitPlanner is not implemented yet")
    }
}
