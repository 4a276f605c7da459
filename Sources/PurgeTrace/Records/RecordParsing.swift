/// Parsing small texts outside the streaming reader: rule examples (`rules test`),
/// `rules explain LINE`, and tests.
public enum RecordParsing {
    /// Parses `text` (one or more lines) into records.
    ///
    /// - Parameters:
    ///   - format: the format to read it as; nil to detect it (as for a file named
    ///     `context.path`).
    ///   - context: options and the name used in messages. A yearless or dateless format
    ///     with no `--year`/`--date` in it is read as of 2000-01-01 instead of failing:
    ///     an example's calendar does not matter, its fields do.
    /// - Returns: the format used (nil when none fits) and the records. When no format fits,
    ///   or the format reads no record from the text, the whole text becomes one record with
    ///   only a message (time 1970-01-01T00:00:00Z, line 1).
    public static func parse(text: String, format: LogFormat? = nil,
                             context: SourceContext = SourceContext(path: "example")) -> (format: LogFormat?, records: [LogRecord]) {
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let chosen = format ?? bytes.withUnsafeBytes {
            FormatDetector.detect(head: UnsafeRawBufferPointer(rebasing: $0.prefix(64 << 10)), fileName: context.path)
        }
        if let chosen {
            var records = (try? read(bytes, as: chosen, context: context))
            if records == nil {
                var time = context.time
                time.year = time.year ?? 2000
                time.date = time.date ?? CivilTime(year: 2000, month: 1, day: 1)
                let retry = SourceContext(path: context.path, time: time)
                retry.processFromFileName = context.processFromFileName
                records = try? read(bytes, as: chosen, context: retry)
            }
            if let records, !records.isEmpty { return (chosen, records) }
        }
        return (nil, [messageOnly(bytes)])
    }

    /// Feeds `bytes` to a parser line by line, as the reader's scanner does: split on "\n",
    /// a trailing "\r" dropped, 1-based line numbers, byte offsets of line starts.
    public static func read(_ bytes: [UInt8], as format: LogFormat, context: SourceContext) throws(ToolError) -> [LogRecord] {
        var parser = format.makeParser(context: context)
        var records: [LogRecord] = []
        let collect: (RecordView) -> Void = { records.append($0.materialize()) }
        var failure: ToolError?
        bytes.withUnsafeBytes { (all: UnsafeRawBufferPointer) in
            do throws(ToolError) {
                var start = 0
                var number = 0
                while start < all.count {
                    let newline = all[start...].firstIndex(of: 10) ?? all.count
                    var end = newline
                    if end > start, all[end - 1] == 13 { end -= 1 }
                    number += 1
                    try parser.feed(line: UnsafeRawBufferPointer(rebasing: all[start..<end]), number: number,
                                    offset: Int64(start), emit: collect)
                    start = newline + 1
                }
                try parser.finish(emit: collect)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return records
    }

    private static func messageOnly(_ bytes: [UInt8]) -> LogRecord {
        var end = bytes.count
        while end > 0, bytes[end - 1] == 10 || bytes[end - 1] == 13 { end -= 1 }
        let text = String(decoding: bytes[0..<end], as: UTF8.self)
        return LogRecord(time: Instant(nanoseconds: 0), message: text, text: text, line: 1)
    }
}
