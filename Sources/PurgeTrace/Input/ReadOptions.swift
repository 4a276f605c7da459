/// How evidence is read: format forcing, time defaults, bounds and safety limits.
public struct ReadOptions: Sendable {
    /// `--input-format`: skip detection and use this parser.
    public var inputFormat: LogFormat?
    public var time: TimeOptions
    /// `--since`/`--until`: records outside `[since, until)` are dropped before matching.
    public var since: Instant?
    public var until: Instant?
    /// `--process-alias FROM=TO`.
    public var processAliases: [String: String]
    public var limits: ContainerLimits
    /// About how many bytes each byte range of a big plain file holds when the file is read
    /// on several cores (a file is split when it holds two or more). Results never depend
    /// on it; tests make it small to split small files.
    public var rangeSize = 8 << 20
    /// Whether an unreadable unit that is an entry of a folder PATH stops its unit (scan
    /// records that unit as failed and goes on) instead of becoming a warning beside the
    /// other units' evidence (analyze, ingest). A PATH argument that is unreadable always
    /// stops the command (contract §1).
    public var unreadableEntryFailsUnit = false

    public init(inputFormat: LogFormat? = nil, time: TimeOptions = TimeOptions(), since: Instant? = nil,
                until: Instant? = nil, processAliases: [String: String] = [:], limits: ContainerLimits = ContainerLimits()) {
        self.inputFormat = inputFormat
        self.time = time
        self.since = since
        self.until = until
        self.processAliases = processAliases
        self.limits = limits
    }
}

/// Guards against hostile containers: decompression bombs and deep nesting.
public struct ContainerLimits: Sendable {
    /// Largest allowed ratio of decompressed to compressed bytes for one stream
    /// (checked once a stream has produced more than `ratioGrace` bytes).
    public var maxRatio: Int64 = 1000
    public var ratioGrace: Int64 = 64 << 20
    /// Largest total of decompressed bytes read from one PATH argument (the output of every
    /// decompressing layer: gzip, bzip2, xz, zstd, zip members).
    public var maxTotalBytes: Int64 = 64 << 30
    /// Containers inside containers deeper than this are skipped with a warning. Every
    /// layer counts: `a.zip!/b.tar.gz!/c.log.gz` is zip, gzip, tar, gzip — depth 4.
    public var maxDepth: Int = 8
    /// Longer lines are cut (the rest is counted, not kept) with a warning.
    public var maxLineLength: Int = 16 << 20

    public init() {}
}
