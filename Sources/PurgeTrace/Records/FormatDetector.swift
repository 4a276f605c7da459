/// Picks the format of a source from its first lines.
///
/// Design: detection runs the parsers' own first-line classifiers (pure functions), so
/// a detected format is one whose parser reads those lines as records — the two cannot
/// drift apart. Order of evidence:
/// 1. Binary-looking bytes (NUL, many control bytes or invalid UTF-8) → nil.
/// 2. The first line that is not blank or a `log` preamble: a column header names its
///    style (`Timestamp  Thread  Type…` → log-show, `Timestamp  Ty Process[PID:TID]` →
///    log-compact, `Timestamp  (process)[PID]` → log-syslog), the exact macos-UnifiedLogs
///    CSV header → unifiedlog-csv, and `[`/`{` → a JSON style by its keys.
/// 3. Otherwise every candidate line is classified by each line format, from the most
///    specific to the least: log-show, log-syslog, log-compact, xcode-console,
///    idevicesyslog, console-copy, lumberjack, oslog-export, plain. The first format whose
///    record lines are at least three quarters of the best count wins (a generic format
///    matches everything a specific one does). A CocoaLumberjack file name picks lumberjack
///    when its lines fit. The winner must read the first candidate line as a record, or
///    three lines, or a fifth of them; otherwise nothing fits (nil).
public enum FormatDetector {
    /// Lines looked at, at most.
    static let sampleLines = 200

    /// - Parameters:
    ///   - head: the first bytes of the source (up to 64 KiB), BOM already removed; may end
    ///     mid-line and may contain CRLF.
    ///   - fileName: the source's name (CocoaLumberjack files are recognized by name too).
    /// - Returns: the format, or nil when the text matches no known format.
    public static func detect(head: UnsafeRawBufferPointer, fileName: String) -> LogFormat? {
        guard head.count > 0, !looksBinary(head) else { return nil }
        let lines = sample(head)
        guard let first = lines.first else { return nil }
        if let format = byFirstLine(first, head: head, lines: lines) { return format }
        return byLineShapes(lines, fileName: fileName)
    }

    /// Lines worth looking at: not blank, not a `log` preamble, without a cut-off last line.
    private static func sample(_ head: UnsafeRawBufferPointer) -> [LineBytes] {
        let all = LineBytes(head)
        var lines: [LineBytes] = []
        var start = 0
        while start < all.count, lines.count < sampleLines {
            let newline = all.index(of: 10, from: start)
            if newline == nil, !lines.isEmpty { break }  // a partial last line says little
            var end = newline ?? all.count
            if end > start, all[end - 1] == 13 { end -= 1 }
            let line = LineBytes(base: all.base + start, count: end - start)
            if !line.isBlank, !AppleLogLines.isPreamble(line) { lines.append(line) }
            start = (newline ?? all.count) + 1
        }
        return lines
    }

    private static func byFirstLine(_ first: LineBytes, head: UnsafeRawBufferPointer, lines: [LineBytes]) -> LogFormat? {
        if LogShowParser.isHeader(first) { return .logShow }
        if LogCompactLines.isHeader(first) { return .logCompact }
        if LogSyslogLines.isHeader(first) { return .logSyslog }
        if first.equals(Span(start: 0, count: first.count), UnifiedLogCSVParser.header) { return .unifiedlogCSV }
        let lead = first[first.skipSpaces(from: 0)]
        if lead == 91 || lead == 123 { return byJSON(first, lines: lines) }
        return nil
    }

    private static func byJSON(_ first: LineBytes, lines: [LineBytes]) -> LogFormat? {
        let start = first.skipSpaces(from: 0)
        if first[start] == 123, first.skipSpaces(from: start + 1) < first.count {
            // An object that goes on after its `{`: one object per line. The line may be
            // cut at the end of the head, so its keys are looked for as text.
            if unifiedLogKeys.contains(where: { contains(first, "\"\($0)\"") }) { return .unifiedlogJSONL }
            if appleKeys.contains(where: { contains(first, "\"\($0)\"") }) { return .logNDJSON }
            return nil
        }
        // A pretty-printed array (or object): `log show --style json`.
        for line in lines.prefix(60) where appleKeys.contains(where: { contains(line, "\"\($0)\"") }) {
            return .logJSON
        }
        return nil
    }

    private static let appleKeys = ["eventMessage", "messageType", "processImagePath", "machTimestamp", "eventType",
                                    "finished"]
    private static let unifiedLogKeys = ["log_type", "event_type", "raw_message", "thread_id", "boot_uuid",
                                         "process_uuid"]

    private static func contains(_ line: LineBytes, _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard needle.count <= line.count else { return false }
        var i = 0
        while let hit = line.index(of: needle[0], from: i), hit + needle.count <= line.count {
            if (0..<needle.count).allSatisfy({ line[hit + $0] == needle[$0] }) { return true }
            i = hit + 1
        }
        return false
    }

    /// Line formats from the most specific to the least.
    static let lineFormats: [LogFormat] = [.logShow, .logSyslog, .logCompact, .xcodeConsole, .idevicesyslog, .consoleCopy,
                                           .lumberjack, .oslogExport, .plain]

    private static func byLineShapes(_ lines: [LineBytes], fileName: String) -> LogFormat? {
        var counts = [Int](repeating: 0, count: lineFormats.count)
        var firstIsRecord = [Bool](repeating: false, count: lineFormats.count)
        for (n, line) in lines.enumerated() {
            for (k, format) in lineFormats.enumerated() where startsRecord(line, format) {
                counts[k] += 1
                if n == 0 { firstIsRecord[k] = true }
            }
        }
        let best = counts.max() ?? 0
        guard best > 0 else { return nil }
        func acceptable(_ k: Int) -> Bool {
            counts[k] > 0 && (firstIsRecord[k] || counts[k] >= 3 || counts[k] * 5 >= lines.count)
        }
        if LumberjackFileName.appName(of: fileName) != nil, let k = lineFormats.firstIndex(of: .lumberjack), acceptable(k) {
            return .lumberjack
        }
        for k in lineFormats.indices where counts[k] * 4 >= best * 3 && acceptable(k) {
            return lineFormats[k]
        }
        return nil
    }

    /// True when `format`'s parser reads `line` as the start of a record.
    static func startsRecord(_ line: LineBytes, _ format: LogFormat) -> Bool {
        var head = RecordHead()
        switch format {
        case .logShow: return LogShowParser.classify(line, into: &head, hasTTL: nil) == .record
        case .logSyslog: return LogSyslogLines.classify(line, into: &head) == .record
        case .logCompact: return LogCompactLines.classify(line, into: &head) == .record
        case .xcodeConsole: return XcodeConsoleParser.classify(line, into: &head) == .record
        case .idevicesyslog:
            var shape = IDeviceSyslogParser.Shape.relay
            var noDeviceNames = false
            return IDeviceSyslogParser.classify(line, into: &head, shape: &shape, noDeviceNames: &noDeviceNames) == .record
        case .consoleCopy:
            guard ConsoleCopyParser.classify(line, into: &head) == .record else { return false }
            // Console's types; the time must carry an offset.
            return head.stamp.offset != nil && head.level != nil || line.hasPrefix("activity\t")
        case .lumberjack: return LumberjackParser.classify(line, into: &head) == .record
        case .oslogExport:
            var structured = false
            return OSLogExportLines.classify(line, into: &head, structured: &structured) == .record && structured
        case .plain: return PlainLines.classify(line, into: &head) == .record
        case .logJSON, .logNDJSON, .unifiedlogCSV, .unifiedlogJSONL: return false
        }
    }

    /// More than 1% control bytes, or more than 5% bytes of invalid UTF-8. NUL bytes do not
    /// count: a log that was being written when the device died is padded with them, and
    /// the reader (`BinaryContent`) has already kept such a file as text.
    static func looksBinary(_ head: UnsafeRawBufferPointer) -> Bool {
        let n = head.count
        guard n > 0 else { return false }
        var controls = 0
        var invalid = 0
        var i = 0
        while i < n {
            let b = head[i]
            if b < 0x80 {
                if b > 0, b < 0x20, b != 9, b != 10, b != 13, b != 12, b != 27 { controls += 1 }
                i += 1
                continue
            }
            let length = b >= 0xF0 && b <= 0xF4 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 && b < 0xE0 ? 2 : 0
            if length == 0 {
                invalid += 1
                i += 1
                continue
            }
            if i + length > n { break }  // cut at the end of the head
            var ok = true
            for k in 1..<length where head[i + k] & 0xC0 != 0x80 { ok = false }
            if ok { i += length } else {
                invalid += 1
                i += 1
            }
        }
        return controls * 100 > n || invalid * 20 > n
    }
}
