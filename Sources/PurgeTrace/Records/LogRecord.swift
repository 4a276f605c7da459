/// One log record with owned fields: what a matched record becomes once it leaves the
/// hot path (signals, `rules explain`, tests). Parsers produce `RecordView`s instead.
public struct LogRecord: Sendable, Equatable {
    /// UTC instant.
    public var time: Instant
    /// The offset printed in (or assumed for) the original timestamp, seconds east of UTC.
    public var utcOffset: Int?
    public var process: String?
    public var pid: Int64?
    public var thread: UInt64?
    public var level: LogLevel?
    public var subsystem: String?
    public var category: String?
    /// The sender image (library) when the format names it, e.g. `CoreData`.
    public var sender: String?
    /// The message as the rules see it (multi-line messages joined with "\n").
    public var message: String
    /// The record's text as read (all its lines), for evidence.
    public var text: String
    /// 1-based line number of the record's first line in its source.
    public var line: Int
    /// Byte offset of the record's first line in its (decompressed) source.
    public var byteOffset: Int64

    public init(time: Instant, utcOffset: Int? = nil, process: String? = nil, pid: Int64? = nil,
                thread: UInt64? = nil, level: LogLevel? = nil, subsystem: String? = nil,
                category: String? = nil, sender: String? = nil, message: String, text: String,
                line: Int, byteOffset: Int64 = 0) {
        self.time = time
        self.utcOffset = utcOffset
        self.process = process
        self.pid = pid
        self.thread = thread
        self.level = level
        self.subsystem = subsystem
        self.category = category
        self.sender = sender
        self.message = message
        self.text = text
        self.line = line
        self.byteOffset = byteOffset
    }
}
