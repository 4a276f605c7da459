/// Reads evidence (files, folders, archives, compressed streams, stdin) and pushes each
/// source's records into a sink.
/// STUB: to be implemented by the ingestion work (issue 9).
public final class EvidenceReader {
    public let options: ReadOptions

    public init(options: ReadOptions) {
        self.options = options
    }

    /// Reads every source of `unit` into `sink`, in sorted order.
    /// - Throws: `ToolError` when a path cannot be read at all, or when a format needs an
    ///   option that was not given (`--year`, `--date`). Bad content is a warning in the facts.
    public func read(unit: EvidenceUnit, into sink: RecordSink) throws(ToolError) {
        throw ToolError("EvidenceReader is not implemented yet")
    }
}
