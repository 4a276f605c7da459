import Testing

/// One golden end-to-end case: `analyze` ARGUMENTS, run in `Fixtures/chains/`, and what the
/// report must say (Fixtures/chains/README.md describes each fixture).
struct ChainCase: Sendable, CustomTestStringConvertible {
    /// Base name of the golden files in `Fixtures/golden/`.
    var name: String
    /// PATHs and options after `analyze --format json`, relative to `Fixtures/chains/`.
    var arguments: [String]
    /// Input path → detected format.
    var inputs: [String: String]
    /// In report order (start, then id).
    var incidents: [IncidentEssentials]

    var testDescription: String { name }
}
