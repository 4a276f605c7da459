/// Reads one source (a text byte stream) into a sink: sniffs its format, splits lines,
/// feeds the parser, filters and counts records, hashes the bytes, and reports the facts.
///
/// Memory is one chunk plus the splitter's carry (≤ `maxLineLength`), whatever the size
/// of the input. The scanner holds no global state; everything it needs is in its fields.
public struct SourceScanner {
    /// Bytes read per call (chunks are split in place; only spanning lines are copied).
    public static let chunkSize = 1 << 20
    /// What the format detector sees.
    public static let headSize = 64 << 10

    public var path: String
    public var device: String
    public var options: ReadOptions
    /// `options.time`, plus what the reader learned from the source's path (sysdiagnose capture time).
    public var time: TimeOptions
    public var parsers: ParserProvider

    public init(path: String, device: String, options: ReadOptions, time: TimeOptions? = nil,
                parsers: ParserProvider = .standard) {
        self.path = path
        self.device = device
        self.options = options
        self.time = time ?? options.time
        self.parsers = parsers
    }

    /// Largest carry buffer of the last scan (tests check that memory stays bounded).
    public private(set) var peakLineBuffer = 0

    /// Scans `stream` into `sink` and returns the facts it also passed to `sink.endSource`.
    ///
    /// Sink protocol: `beginSource`, then `accept` per record, then `endSource`. A source
    /// whose format is unknown (or that is empty and undetectable) gets only `endSource`,
    /// with `format == nil`.
    /// - Throws: `ToolError` from a parser (a format that needs `--year`/`--date`).
    @discardableResult
    public mutating func scan(_ stream: ByteStream, into sink: RecordSink) throws(ToolError) -> SourceFacts {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: SourceScanner.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var hasher = SHA256()
        var bytes: Int64 = 0

        // The head: at least 64 KiB (or all of a smaller source) before detecting.
        var filled = 0
        var ended = false
        while filled < SourceScanner.headSize {
            let n = stream.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if n <= 0 {
                ended = true
                break
            }
            filled += n
        }
        let bom = SourceScanner.hasBOM(UnsafeRawBufferPointer(rebasing: buffer[0..<filled])) ? 3 : 0
        let head = UnsafeRawBufferPointer(rebasing: buffer[bom..<min(filled, bom + SourceScanner.headSize)])
        let fileName = String(MemberName.fileName(path))

        var facts = SourceFacts(path: path, device: device)
        guard let format = options.inputFormat ?? parsers.detect(head, fileName) else {
            if head.isEmpty && ended {
                // An empty file is not bad content: no warning, just no records.
                hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<filled]))
                facts.sha256 = hasher.finalizeHex()
                facts.bytes = Int64(filled)
            } else {
                facts.warnings.append("no known log format; skipped (force one with --input-format)")
            }
            if let note = stream.endNote { facts.warnings.append(note) }
            sink.endSource(facts)
            return facts
        }

        let context = SourceContext(path: path, time: time)
        let fileProcess = LumberjackFileName.appName(of: String(fileName))
        context.processFromFileName = fileProcess
        let gate = RecordGate(sink: sink, since: options.since, until: options.until,
                              defaultProcess: fileProcess, aliases: options.processAliases)
        var parser = parsers.makeParser(format, context)
        var splitter = LineSplitter(maxLineLength: options.limits.maxLineLength, startOffset: Int64(bom))
        sink.beginSource(SourceInfo(path: path, device: device, format: format,
                                    defaultProcess: RecordGate.aliased(fileProcess, options.processAliases),
                                    processAliases: options.processAliases))

        hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<filled]))
        bytes += Int64(filled)
        try SourceScanner.feed(UnsafeRawBufferPointer(rebasing: buffer[bom..<filled]), &splitter, &parser, gate)
        while !ended {
            let n = stream.read(into: buffer)
            if n <= 0 { break }
            let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<n])
            hasher.update(chunk)
            bytes += Int64(n)
            try SourceScanner.feed(chunk, &splitter, &parser, gate)
        }
        try splitter.finish { line throws(ToolError) in
            try parser.feed(line: line.bytes, number: line.number, offset: line.offset) { gate.accept($0) }
        }
        try parser.finish { gate.accept($0) }
        peakLineBuffer = splitter.peakCarryCapacity

        facts.sha256 = hasher.finalizeHex()
        facts.bytes = bytes
        facts.format = format
        facts.records = gate.facts.records
        facts.undecodable = context.undecodable
        facts.first = gate.facts.first
        facts.last = gate.facts.last
        facts.gaps = gate.facts.gaps
        facts.processes = gate.facts.processes.spansByName
        facts.zoneOrigin = context.zoneOrigin
        facts.dateOrigin = context.dateOrigin
        facts.warnings = context.warnings
        if splitter.cutLines > 0 {
            facts.warnings.append("\(splitter.cutLines) line(s) longer than \(splitter.maxLineLength) bytes cut "
                + "(first at line \(splitter.firstCutLine ?? 0); \(splitter.droppedBytes) bytes dropped)")
        }
        facts.warnings += gate.facts.warnings
        if let note = stream.endNote { facts.warnings.append(note) }
        sink.endSource(facts)
        return facts
    }

    /// Splits a chunk and feeds its lines to the parser. Generic so the parser's existential
    /// is opened once per chunk, not per line.
    private static func feed<P: RecordParser>(_ chunk: UnsafeRawBufferPointer, _ splitter: inout LineSplitter,
                                             _ parser: inout P, _ gate: RecordGate) throws(ToolError) {
        try splitter.push(chunk) { line throws(ToolError) in
            try parser.feed(line: line.bytes, number: line.number, offset: line.offset) { gate.accept($0) }
        }
    }

    static func hasBOM(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xef && bytes[1] == 0xbb && bytes[2] == 0xbf
    }
}
