import PurgeTrace

/// Bad content is a warning in the report and on stderr (contract §1): one line per
/// warning, naming the input it concerns. `--quiet` keeps stderr for errors only.
enum EvidenceWarnings {
    static func print(_ analysis: Analysis, invocation: Invocation) {
        guard !invocation.has("--quiet") else { return }
        for input in analysis.inputs {
            for warning in input.warnings { invocation.terminal.warning("\(input.path): \(warning)") }
        }
        for warning in analysis.warnings { invocation.terminal.warning(warning) }
    }
}
