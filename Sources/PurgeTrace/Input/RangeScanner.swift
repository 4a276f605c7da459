import Foundation

/// Reads one big plain file on several cores: the content is cut into byte ranges at lines
/// that start a record (`RangePlan`), each range is read by its own worker — own buffer,
/// splitter, parser, gate and sink part — and the results are joined in source order, so
/// the facts, signals and warnings are the ones reading the file front to back would give:
/// - line numbers are counted from each range's first line and shifted by the lines of the
///   ranges before it when joined;
/// - facts are joined by `SourceFactsBuilder.append`, parser reports by `SourceContext.append`;
/// - a parser's memory of earlier lines (`ParserCarry`, e.g. a header's TTL column) is
///   assumed from the file's head for every range, checked against what the previous range
///   ended with, and the range read again, in order, when they differ;
/// - the SHA-256 of the whole file is computed on a thread of its own meanwhile.
///
/// Memory: a read buffer per worker, and at most a few finished ranges waiting their turn.
struct RangeScanner {
    static let readSize = 1 << 20

    /// Everything a range worker needs; all of it can be shared between threads.
    struct Job: Sendable {
        let file: RandomAccessFile
        let plan: RangePlan
        let path: String
        let options: ReadOptions
        let time: TimeOptions
        let format: LogFormat
        let parsers: ParserProvider
        let fileProcess: String?
        let info: SourceInfo
        let makePart: @Sendable () -> RecordSink
    }

    /// What one range yielded.
    final class Outcome {
        let part: RecordSink
        let context: SourceContext
        var facts = SourceFactsBuilder()
        var lines = 0
        var cutLines = 0
        var firstCutLine: Int?
        var droppedBytes: Int64 = 0
        var peakCarry = 0
        var startCarry = ParserCarry()
        var endCarry = ParserCarry()
        /// Why reading stopped before the range's end, if it did.
        var readNote: String?
        var error: ToolError?

        init(part: RecordSink, context: SourceContext) {
            self.part = part
            self.context = context
        }
    }

    /// The joined result.
    struct Result {
        var facts: SourceFactsBuilder
        var sha256: String
        var bytes: Int64
        var cutLines = 0
        var firstCutLine: Int?
        var droppedBytes: Int64 = 0
        var peakCarry = 0
        var readNote: String?
        var ranges = 0
    }

    /// Reads the ranges of `job.plan` on `workers` threads (plus one hashing the file) into
    /// `sink`, whose `beginSource` has been called; `context` receives the parsers' reports.
    /// - Parameter assumedCarry: what a parser remembers after the file's head, assumed at
    ///   the start of every range but the first.
    static func scan(_ job: Job, workers: Int, assumedCarry: ParserCarry, firstCarry: ParserCarry,
                     into sink: RangeRecordSink, context: SourceContext) throws(ToolError) -> Result {
        let hash = HashTask(file: job.file)
        let hashThread = Thread { hash.run() }
        hashThread.start()

        var facts = SourceFactsBuilder()
        var result = Result(facts: facts, sha256: "", bytes: 0, ranges: job.plan.count)
        var lines = 0
        var previousCarry = firstCarry
        var stopped = false
        let work: @Sendable (Int) -> Outcome = { j in
            RangeScanner.read(range: j, of: job, carry: j == 0 ? firstCarry : assumedCarry)
        }
        var failure: ToolError?
        OrderedWorkers.run(count: job.plan.count, workers: workers, work: work) { j, outcome in
            guard !stopped, failure == nil else { return }
            var outcome = outcome
            if outcome.startCarry != previousCarry {
                // The assumption did not hold (a second header further down): read it again.
                outcome = RangeScanner.read(range: j, of: job, carry: previousCarry)
            }
            if let error = outcome.error {
                failure = error
                return
            }
            sink.append(part: outcome.part, lineOffset: lines)
            facts.append(outcome.facts)
            context.append(outcome.context)
            result.cutLines += outcome.cutLines
            if result.firstCutLine == nil, let first = outcome.firstCutLine { result.firstCutLine = first + lines }
            result.droppedBytes += outcome.droppedBytes
            result.peakCarry = max(result.peakCarry, outcome.peakCarry)
            lines += outcome.lines
            previousCarry = outcome.endCarry
            if let note = outcome.readNote {
                // As a stream would: what was read is kept, nothing after it.
                result.readNote = note
                stopped = true
            }
        }
        hash.finished.wait()
        if let failure { throw failure }
        result.facts = facts
        result.sha256 = hash.hex
        result.bytes = hash.bytes
        if result.readNote == nil { result.readNote = hash.note }
        return result
    }

    /// Reads range `j` with a fresh parser that starts with `carry`.
    static func read(range j: Int, of job: Job, carry: ParserCarry) -> Outcome {
        let (start, end) = job.plan.range(j)
        let context = SourceContext(path: job.path, time: job.time)
        context.processFromFileName = job.fileProcess
        let outcome = Outcome(part: job.makePart(), context: context)
        outcome.startCarry = carry
        outcome.part.beginSource(job.info)
        let gate = RecordGate(sink: outcome.part, since: job.options.since, until: job.options.until,
                              defaultProcess: job.fileProcess, aliases: job.options.processAliases,
                              gapLimit: .max)
        var parser = job.parsers.makeParser(job.format, context) as! any RangeReadableParser
        parser.carry = carry
        var splitter = LineSplitter(maxLineLength: job.options.limits.maxLineLength, startOffset: start)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readSize, alignment: 16)
        defer { buffer.deallocate() }
        do throws(ToolError) {
            var offset = start
            while offset < end {
                let want = Int(min(Int64(readSize), end - offset))
                let n: Int
                switch job.file.read(at: offset, into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<want])) {
                case .success(let count): n = count
                case .failure(let error):
                    outcome.readNote = "read error after \(offset) bytes: \(error)"
                    n = 0
                }
                if n == 0 { break }
                try SourceScanner.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<n]), &splitter, &parser, gate)
                offset += Int64(n)
            }
            try splitter.finish { line throws(ToolError) in
                try parser.feed(line: line.bytes, number: line.number, offset: line.offset) { gate.accept($0) }
            }
            // The next range starts with a line that closes the open record: emit it now.
            try parser.finish { gate.accept($0) }
        } catch {
            outcome.error = error
        }
        outcome.facts = gate.facts
        outcome.lines = splitter.nextNumber - 1
        outcome.cutLines = splitter.cutLines
        outcome.firstCutLine = splitter.firstCutLine
        outcome.droppedBytes = splitter.droppedBytes
        outcome.peakCarry = splitter.peakCarryCapacity
        outcome.endCarry = parser.carry
        return outcome
    }

    /// SHA-256 of the whole file, read front to back on its own thread.
    private final class HashTask: @unchecked Sendable {
        // @unchecked: the fields are written by the hashing thread before it signals
        // `finished`, and read by the caller only after waiting for it.
        let file: RandomAccessFile
        let finished = DispatchSemaphore(value: 0)
        var hex = ""
        var bytes: Int64 = 0
        var note: String?

        init(file: RandomAccessFile) { self.file = file }

        func run() {
            defer { finished.signal() }
            var hasher = SHA256()
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: RangeScanner.readSize, alignment: 16)
            defer { buffer.deallocate() }
            reading: while bytes < file.size {
                switch file.read(at: bytes, into: buffer) {
                case .success(let n) where n > 0:
                    hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
                    bytes += Int64(n)
                case .success:
                    break reading
                case .failure(let error):
                    note = "read error after \(bytes) bytes: \(error)"
                    break reading
                }
            }
            hex = hasher.finalizeHex()
        }
    }
}
