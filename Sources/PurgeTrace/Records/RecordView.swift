/// A parsed record whose text fields still point into the parser's buffers.
///
/// This is the hot-path shape: parsers fill it without allocating, the rule prefilter
/// looks at `message` bytes, and only a record that some rule matches is turned into a
/// `LogRecord`. The pointers are valid only during the callback that receives the view.
public struct RecordView {
    public var time: Instant
    public var utcOffset: Int?
    /// Whole record as read (all physical lines, joined by "\n", no trailing newline).
    public var text: UnsafeRawBufferPointer
    public var message: UnsafeRawBufferPointer
    public var process: UnsafeRawBufferPointer?
    public var subsystem: UnsafeRawBufferPointer?
    public var category: UnsafeRawBufferPointer?
    public var sender: UnsafeRawBufferPointer?
    public var pid: Int64?
    public var thread: UInt64?
    public var level: LogLevel?
    public var line: Int
    public var byteOffset: Int64

    public init(time: Instant, utcOffset: Int?, text: UnsafeRawBufferPointer, message: UnsafeRawBufferPointer,
                line: Int, byteOffset: Int64) {
        self.time = time
        self.utcOffset = utcOffset
        self.text = text
        self.message = message
        self.line = line
        self.byteOffset = byteOffset
    }

    /// Copies the fields out; invalid UTF-8 becomes U+FFFD.
    public func materialize() -> LogRecord {
        LogRecord(time: time, utcOffset: utcOffset, process: process.map(Self.string), pid: pid, thread: thread,
                  level: level, subsystem: subsystem.map(Self.string), category: category.map(Self.string),
                  sender: sender.map(Self.string), message: Self.string(message), text: Self.string(text),
                  line: line, byteOffset: byteOffset)
    }

    @inline(__always)
    public static func string(_ bytes: UnsafeRawBufferPointer) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
