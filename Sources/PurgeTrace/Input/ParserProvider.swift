/// How a source gets its format and its parser. The reader takes one so tests (and tools
/// that read one format only) can plug in their own; `.standard` is the real detector and
/// the parsers of `Records/`.
public struct ParserProvider: Sendable {
    /// The format of a source from its head (≤ 64 KiB, BOM removed) and its file name.
    public var detect: @Sendable (_ head: UnsafeRawBufferPointer, _ fileName: String) -> LogFormat?
    /// A fresh parser for one source.
    public var makeParser: @Sendable (_ format: LogFormat, _ context: SourceContext) -> any RecordParser

    public init(detect: @escaping @Sendable (UnsafeRawBufferPointer, String) -> LogFormat?,
                makeParser: @escaping @Sendable (LogFormat, SourceContext) -> any RecordParser) {
        self.detect = detect
        self.makeParser = makeParser
    }

    public static let standard = ParserProvider(
        detect: { head, fileName in FormatDetector.detect(head: head, fileName: fileName) },
        makeParser: { format, context in format.makeParser(context: context) })
}
