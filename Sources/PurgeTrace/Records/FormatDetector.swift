/// Picks the format of a source from its first lines.
/// STUB: to be implemented by the ingestion work (issue 9).
public enum FormatDetector {
    /// - Parameters:
    ///   - head: the first bytes of the source (up to 64 KiB), BOM already removed.
    ///   - fileName: the source's name (CocoaLumberjack files are recognized by name too).
    /// - Returns: the format, or nil when the text matches no known format.
    public static func detect(head: UnsafeRawBufferPointer, fileName: String) -> LogFormat? {
        nil
    }
}

extension LogFormat {
    /// A fresh parser for one source of this format.
    public func makeParser(context: SourceContext) -> any RecordParser {
        PlainParserStub()
    }
}

struct PlainParserStub: RecordParser {
    mutating func feed(line: UnsafeRawBufferPointer, number: Int, offset: Int64, emit: (RecordView) -> Void) throws(ToolError) {}
    mutating func finish(emit: (RecordView) -> Void) throws(ToolError) {}
}
