/// Where the reader pushes what it finds (the push model: the reader never returns
/// collections of records, so memory stays flat on huge inputs).
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
    public var defaultProcess: String?
    /// `--process-alias` map, applied by sinks to record process names.
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
