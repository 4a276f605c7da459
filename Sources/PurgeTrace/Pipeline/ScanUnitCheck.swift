/// When a unit that was read still counts as failed for a scan, and the identity a
/// failed unit is recorded under.
///
/// Reading is lenient (bad content is a warning and the rest is analysed); a batch needs
/// to tell "this case could not be analysed" apart, so its table and JSON show it and the
/// next run tries again. A unit fails when:
/// - reading stopped (a PATH that cannot be read, a format that needs `--year`/`--date`);
/// - a decompression limit was hit (`ContainerLimits`: ratio or total bytes) — a bomb, or
///   a case larger than the team allows, whose partial evidence would mislead;
/// - nothing in it could be read as a log (a corrupt archive, a binary file, an
///   unconverted logarchive, an empty folder).
/// A unit with some readable logs and some bad members (a truncated archive) is `ok`
/// with warnings, as `analyze` would report it.
public enum ScanUnitCheck {
    /// How `LayerMeter` words a stop at a decompression limit (pinned by ScanUnitCheckTests).
    static let decompressionLimitPrefix = "decompression limit:"

    /// The one-line reason the unit failed, or nil when it is fine.
    public static func failure(of evidence: UnitEvidence) -> String? {
        let unitPath = evidence.unit.device
        for source in evidence.sources {
            if let limit = source.warnings.first(where: { $0.hasPrefix(decompressionLimitPrefix) }) {
                return naming(source.path, in: unitPath) + limit
            }
        }
        guard !evidence.sources.contains(where: { $0.format != nil }) else { return nil }
        if let noted = evidence.sources.first(where: { !$0.warnings.isEmpty }) {
            return "nothing readable: " + naming(noted.path, in: unitPath) + noted.warnings.joined(separator: "; ")
        }
        return "nothing readable: no log records in it"
    }

    /// The reason a read that stopped gives, without the unit's own path in front (the
    /// report already names the unit; a member's name stays).
    public static func failure(stopped error: ToolError, unitPath: String) -> String {
        let prefix = unitPath + ": "
        return error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
    }

    /// `member: ` for a source inside the unit; nothing for the unit itself.
    private static func naming(_ sourcePath: String, in unitPath: String) -> String {
        sourcePath == unitPath ? "" : sourcePath + ": "
    }

    /// The identity of a failed unit: stable per path, so a retry that fails again replaces
    /// the row, and never equal to a read unit's identity (those hash member pairs).
    public static func failureIdentity(path: String) -> String {
        var hasher = SHA256()
        hasher.update("purgetrace failed unit\u{0}")
        hasher.update(path)
        return hasher.finalizeHex()
    }
}
