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
    /// Workers that may read a big plain file's byte ranges at once (`RangeScanner`,
    /// `options.rangeSize`); nil reads every source in one go on the calling thread.
    public var budget: WorkerBudget?

    public init(path: String, device: String, options: ReadOptions, time: TimeOptions? = nil,
                parsers: ParserProvider = .standard, budget: WorkerBudget? = nil) {
        self.path = path
        self.device = device
        self.options = options
        self.time = time ?? options.time
        self.parsers = parsers
        self.budget = budget
    }

    /// Largest carry buffer of the last scan (tests check that memory stays bounded).
    public private(set) var peakLineBuffer = 0
    /// Byte ranges the last scan read the source in: 1 in one go, more on several workers.
    public private(set) var rangesRead = 0

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
        let info = SourceInfo(path: path, device: device, format: format,
                              defaultProcess: RecordGate.aliased(fileProcess, options.processAliases),
                              processAliases: options.processAliases)
        sink.beginSource(info)

        if let ranged = try scanInRanges(stream, format: format, head: UnsafeRawBufferPointer(rebasing: buffer[bom..<filled]),
                                         bom: bom, context: context, info: info, fileProcess: fileProcess, sink: sink) {
            facts.sha256 = ranged.sha256
            facts.bytes = ranged.bytes
            facts.format = format
            describe(&facts, ranged.facts, context)
            facts.warnings += cutWarning(lines: ranged.cutLines, first: ranged.firstCutLine, dropped: ranged.droppedBytes)
            facts.warnings += ranged.facts.warnings
            if let note = ranged.readNote { facts.warnings.append(note) }
            peakLineBuffer = ranged.peakCarry
            rangesRead = ranged.ranges
            sink.endSource(facts)
            return facts
        }

        let gate = RecordGate(sink: sink, since: options.since, until: options.until,
                              defaultProcess: fileProcess, aliases: options.processAliases)
        var parser = parsers.makeParser(format, context)
        var splitter = LineSplitter(maxLineLength: options.limits.maxLineLength, startOffset: Int64(bom))

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
        rangesRead = 1

        facts.sha256 = hasher.finalizeHex()
        facts.bytes = bytes
        facts.format = format
        describe(&facts, gate.facts, context)
        facts.warnings += cutWarning(lines: splitter.cutLines, first: splitter.firstCutLine, dropped: splitter.droppedBytes)
        facts.warnings += gate.facts.warnings
        if let note = stream.endNote { facts.warnings.append(note) }
        sink.endSource(facts)
        return facts
    }

    /// The facts a source's records and its parser's reports make.
    private func describe(_ facts: inout SourceFacts, _ records: SourceFactsBuilder, _ context: SourceContext) {
        facts.records = records.records
        facts.undecodable = context.undecodable
        facts.first = records.first
        facts.last = records.last
        facts.gaps = records.gaps
        facts.processes = records.processes.spansByName
        facts.zoneOrigin = context.zoneOrigin
        facts.dateOrigin = context.dateOrigin
        facts.warnings = context.warnings
    }

    private func cutWarning(lines: Int, first: Int?, dropped: Int64) -> [String] {
        guard lines > 0 else { return [] }
        return ["\(lines) line(s) longer than \(max(1, options.limits.maxLineLength)) bytes cut "
            + "(first at line \(first ?? 0); \(dropped) bytes dropped)"]
    }

    /// Reads a big plain file in byte ranges on several workers, when it is one, its format
    /// reads in ranges, the sink takes parts, and the budget has a worker to spare; nil
    /// (having read nothing) otherwise.
    private func scanInRanges(_ stream: ByteStream, format: LogFormat, head: UnsafeRawBufferPointer, bom: Int,
                              context: SourceContext, info: SourceInfo, fileProcess: String?,
                              sink: RecordSink) throws(ToolError) -> RangeScanner.Result? {
        let rangeSize = options.rangeSize
        guard let budget, budget.total > 1, let file = (stream as? RandomlyReadable)?.randomAccess,
              file.size - Int64(bom) >= 2 * Int64(max(1, rangeSize)),
              let rangeSink = sink as? RangeRecordSink, let makePart = rangeSink.rangePartFactory(),
              var probe = parsers.makeParser(format, SourceContext(path: path, time: time)) as? any RangeReadableParser,
              probe.readsRanges else { return nil }
        let extra = budget.take(upTo: budget.total - 1)
        defer { budget.release(extra) }
        guard extra > 0 else { return nil }
        let plan = RangePlan.make(file: file, contentStart: Int64(bom), rangeSize: Int64(max(1, rangeSize)),
                                  maxLineLength: options.limits.maxLineLength) { probe.startsRange($0) }
        guard plan.count > 1 else { return nil }
        // What a parser remembers after the head (a header's TTL column) is assumed at
        // every range start, and checked as the ranges are joined.
        let firstCarry = probe.carry
        var splitter = LineSplitter(maxLineLength: options.limits.maxLineLength, startOffset: Int64(bom))
        do throws(ToolError) {
            try splitter.push(head) { line throws(ToolError) in
                try probe.feed(line: line.bytes, number: line.number, offset: line.offset) { _ in }
            }
        } catch {
            // The head cannot be read ahead: assume nothing; the check still holds.
        }
        let job = RangeScanner.Job(file: file, plan: plan, path: path, options: options, time: time, format: format,
                                   parsers: parsers, fileProcess: fileProcess, info: info, makePart: makePart)
        return try RangeScanner.scan(job, workers: min(plan.count, extra + 1), assumedCarry: probe.carry,
                                     firstCarry: firstCarry, into: rangeSink, context: context)
    }

    /// Splits a chunk and feeds its lines to the parser. Generic so the parser's existential
    /// is opened once per chunk, not per line.
    static func feed<P: RecordParser>(_ chunk: UnsafeRawBufferPointer, _ splitter: inout LineSplitter,
                                             _ parser: inout P, _ gate: RecordGate) throws(ToolError) {
        try splitter.push(chunk) { line throws(ToolError) in
            try parser.feed(line: line.bytes, number: line.number, offset: line.offset) { gate.accept($0) }
        }
    }

    static func hasBOM(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xef && bytes[1] == 0xbb && bytes[2] == 0xbf
    }
}
