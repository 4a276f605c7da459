/// Where the reader pushes what it finds (the push model: the reader never returns
/// collections of records, so memory stays flat on huge inputs).
///
/// Per text source: `beginSource`, `accept` per record, `endSource`. A source that is not
/// read — binary content, unknown format, a logarchive, a symlink loop, an unreadable
/// entry, an empty file no detector claims — gets only `endSource`, with `format == nil`
/// and the reason in `warnings` (none for an empty file).
public protocol RecordSink: AnyObject {
    /// A source starts; its records follow.
    func beginSource(_ source: SourceInfo)
    /// One record of the current source. The view's pointers are valid only during the call.
    func accept(_ record: RecordView)
    /// The current source ended; `facts` has its hash, counts, times, gaps and warnings.
    func endSource(_ facts: SourceFacts)
}

/// What a sink knows about the source whose records it receives.
public struct SourceInfo: Sendable, Equatable {
    /// Reported name (`logs/a.log`, `case.tar.gz!/case/system_log.txt`).
    public var path: String
    public var device: String
    public var format: LogFormat
    /// Process for records that name none (CocoaLumberjack file name), after `--process-alias`.
    /// The reader already puts it in such records' `process`.
    public var defaultProcess: String?
    /// `--process-alias` map. The reader has already applied it to every record's `process`
    /// (once: `A=B,B=C` maps A to B); sinks must not apply it again.
    public var processAliases: [String: String]

    public init(path: String, device: String, format: LogFormat, defaultProcess: String? = nil,
                processAliases: [String: String] = [:]) {
        self.path = path
        self.device = device
        self.format = format
        self.defaultProcess = defaultProcess
        self.processAliases = processAliases
    }
}
