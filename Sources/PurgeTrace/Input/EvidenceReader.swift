// Input: everything between a PATH argument and a parser.
//
// PATHs become units (devices, `UnitPlanner`). A unit's members are walked (`UnitWalk`):
// folders recursively in byte order, symlinks to files followed, symlinks to folders never;
// every byte stream is sniffed by its magic bytes, not its name. Containers are layers read
// in place — gzip through zlib (exact up to a cut), bzip2/xz/zstd/compress/zip/tar through
// libarchive, archives inside archives through the outer member's stream — never
// extracted, so a member name is only a name. Binary content and logarchives become notes.
// Text reaches a `SourceScanner`: chunked reads, `memchr` line splitting, detection on the
// first 64 KiB, the parser, the `--since/--until` and `--process-alias` gate, the facts.
//
// Push model: nothing returns collections of records; the sink receives them as they are
// parsed, so memory stays flat on multi-GB input. Errors: a PATH that cannot be read at
// all throws `ToolError` (exit 2); bad content anywhere is a warning on a source.
//
// One big plain file uses every core: when a `WorkerBudget` has workers to spare, its
// format reads in ranges (`RangeReadableParser`) and the sink takes parts
// (`RangeRecordSink`), `RangeScanner` cuts it into byte ranges at lines that start a
// record, reads them on several workers (each with its own parser and sink part) while
// another thread hashes the file, and joins the results in order — line numbers, facts,
// warnings and signals come out exactly as one pass would give them.

/// Reads evidence (files, folders, archives, compressed streams, stdin) and pushes each
/// source's records into a sink.
public final class EvidenceReader: Sendable {
    public let options: ReadOptions
    public let parsers: ParserProvider
    public let budget: WorkerBudget?

    /// - Parameters:
    ///   - parsers: format detection and parser creation; `.standard` unless a test or a
    ///     tool plugs in its own.
    ///   - budget: workers a big plain file may borrow to be read in byte ranges on several
    ///     cores (the caller holds one already); nil reads every source on the calling thread.
    public init(options: ReadOptions, parsers: ParserProvider = .standard, budget: WorkerBudget? = nil) {
        self.options = options
        self.parsers = parsers
        self.budget = budget
    }

    /// Reads every source of `unit` into `sink`: members in the unit's order, folders in
    /// byte order, archive members in archive order.
    ///
    /// For each text source the sink gets `beginSource`, `accept` per record, `endSource`.
    /// A source that is not read (binary, unknown format, a logarchive, a symlink loop, an
    /// unreadable entry) gets only `endSource`, with `format == nil` and the reason in
    /// `warnings`.
    /// - Throws: `ToolError` when a member PATH cannot be read at all, or when a format needs
    ///   an option that was not given (`--year`, `--date`). Bad content is a warning in the facts.
    public func read(unit: EvidenceUnit, into sink: RecordSink) throws(ToolError) {
        try UnitWalk(unit: unit, sink: sink, options: options, parsers: parsers, workers: budget).run()
    }
}
