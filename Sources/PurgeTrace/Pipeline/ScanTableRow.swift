/// One line of the scan table (text and Markdown): what a support engineer triages by.
public struct ScanTableRow: Sendable, Equatable {
    public var unit: String
    /// Devices the unit's evidence belongs to (1 for a unit that was read, 0 for one that failed).
    public var devices: Int
    /// Sources read as logs.
    public var files: Int
    public var probable: Int
    public var possible: Int
    /// The worst outcome among its incidents (`lost` > `unknown` > `recovered`), nil when none has one.
    public var worstOutcome: Outcome?
    /// The worst coverage among its incidents (`overwritten` > `none` > `stale` > `partial`
    /// > `unobserved` > `covered`), nil when none has one.
    public var worstCoverage: CoverageVerdict?
    /// The failure reason, or nil.
    public var error: String?
    public var warnings: Int

    public init(_ archive: ScanArchive) {
        unit = archive.path
        devices = Set(archive.inputs.map(\.device)).count
        files = archive.inputs.filter { $0.format != nil }.count
        probable = archive.incidents.filter { $0.verdict == .probable }.count
        possible = archive.incidents.filter { $0.verdict == .possible }.count
        worstOutcome = archive.incidents.compactMap(\.outcome).max { ScanTableRow.rank($0) < ScanTableRow.rank($1) }
        worstCoverage = archive.incidents.compactMap { $0.coverage?.verdict }
            .max { ScanTableRow.rank($0) < ScanTableRow.rank($1) }
        error = archive.error
        warnings = archive.warnings.count + archive.inputs.reduce(0) { $0 + $1.warnings.count }
    }

    static func rank(_ o: Outcome) -> Int {
        switch o {
        case .recovered: return 0
        case .unknown: return 1
        case .lost: return 2
        }
    }

    static func rank(_ c: CoverageVerdict) -> Int {
        switch c {
        case .covered: return 0
        case .unobserved: return 1
        case .partial: return 2
        case .stale: return 3
        case .none: return 4
        case .overwritten: return 5
        }
    }

    /// The cells in table order.
    public var cells: [String] {
        [
            unit, String(devices), String(files), String(probable), String(possible), worstOutcome?.rawValue ?? "-",
            worstCoverage?.rawValue ?? "-", errorCell,
        ]
    }

    public static let headers = ["unit", "devices", "files", "probable", "possible", "worst outcome", "coverage", "errors"]

    /// `error: …` for a failed unit, the warning count for one read with warnings, else `-`.
    var errorCell: String {
        if let error { return "error: " + error.map { $0 == "\n" || $0 == "\r" ? " " : String($0) }.joined() }
        if warnings > 0 { return "\(warnings) warning\(warnings == 1 ? "" : "s")" }
        return "-"
    }
}
