// FuzzHarness: one function per fuzz target, each taking one input's bytes.
//
// A target must never crash, hang, leak or touch memory it does not own on any input;
// whatever it returns or throws is fine. Targets go through public API only, so the
// performance work on the internals keeps being fuzzed as it lands.
//
// - `formats`: the first byte picks a parser (or detection); the rest is split into lines
//   the way the reader does and fed to it; every record is materialized and run through
//   the shipped rules.
// - `rules`: the bytes are a rule file: load, lint, compile, run its examples.
// - `archive`: the bytes are a file on disk read by `EvidenceReader` (containers, nesting,
//   member names, decompression limits) into a sink that touches every record.
// - `pipeline`: the bytes are evidence analysed end to end (read, match, correlate) and
//   rendered in every report and export format, plain and redacted.

/// The fuzz targets, by the name `fuzz/run.sh` and the replay tool use.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case formats, rules, archive, pipeline

    /// Runs one input.
    public func run(_ data: UnsafeRawBufferPointer) {
        switch self {
        case .formats: FormatsTarget.run(data)
        case .rules: RulesTarget.run(data)
        case .archive: ArchiveTarget.run(data)
        case .pipeline: PipelineTarget.run(data)
        }
    }
}
