/// macos-UnifiedLogs iterator output as CSV, with its exact header:
/// `Timestamp,Event Type,Log Type,Subsystem,Thread ID,PID,EUID,Library,Library UUID,
/// Activity ID,Parent Activity ID,Category,Process,Process UUID,Message,Raw Message,
/// Boot UUID,System Timezone Name`.
///
/// Fields are RFC 4180: quoted when they hold commas, quotes (doubled) or newlines, so a
/// record can span physical lines — a line that ends inside quotes continues on the next.
/// Times are RFC 3339 UTC. `Process` and `Library` may be full paths (last component kept).
struct UnifiedLogCSVParser: RecordParser {
    static let header: StaticString = "Timestamp,Event Type,Log Type,Subsystem,Thread ID,PID,EUID,Library,Library UUID,Activity ID,Parent Activity ID,Category,Process,Process UUID,Message,Raw Message,Boot UUID,System Timezone Name"
    static let columnCount = 18

    private let context: SourceContext
    private var clock: SourceClock
    /// The record's physical lines joined by "\n".
    private let text = ByteBuffer(capacity: 8192)
    /// Unquoted field values.
    private let scratch = ByteBuffer(capacity: 8192)
    private var inQuotes = false
    private var open = false
    private var recordLine = 0
    private var recordOffset: Int64 = 0
    private var recordLines = 0
    private var fields = [Span](repeating: .none, count: UnifiedLogCSVParser.columnCount)

    init(context: SourceContext) {
        self.context = context
        clock = SourceClock(context: context)
    }

    mutating func feed(line raw: UnsafeRawBufferPointer, number: Int, offset: Int64,
                       emit: (RecordView) -> Void) throws(ToolError) {
        let line = LineBytes(raw)
        if !open {
            if line.count == 0 { return }
            if line.equals(Span(start: 0, count: line.count), UnifiedLogCSVParser.header) { return }
            text.removeAll()
            open = true
            inQuotes = false
            recordLine = number
            recordOffset = offset
            recordLines = 0
        } else {
            text.append(10)
        }
        text.append(line.base, count: line.count)
        recordLines += 1
        // Quote parity: a doubled quote toggles twice, so only real field quotes count.
        var i = 0
        while let q = line.index(of: 34, from: i) {
            inQuotes.toggle()
            i = q + 1
        }
        if inQuotes {
            // A runaway quote: give up on this record rather than swallow the file.
            if text.count > 16 << 20 || recordLines > 100_000 {
                open = false
                context.undecodable += 1
            }
            return
        }
        open = false
        complete(emit: emit)
    }

    mutating func finish(emit: (RecordView) -> Void) throws(ToolError) {
        if open {
            open = false
            context.undecodable += 1
        }
    }

    private mutating func complete(emit: (RecordView) -> Void) {
        guard UnifiedLogCSVParser.split(LineBytes(text.all), into: &fields, scratch: scratch) else {
            context.undecodable += 1
            return
        }
        let values = LineBytes(scratch.all)
        guard case .ok(let stamp, let end) = LineBytes(scratch.bytes(fields[0])).isoStamp(at: 0),
              end == fields[0].count else {
            context.undecodable += 1
            return
        }
        let (time, utcOffset) = clock.resolve(stamp)
        var view = RecordView(time: time, utcOffset: utcOffset, text: text.all, message: scratch.bytes(fields[14]),
                              line: recordLine, byteOffset: recordOffset)
        view.level = LogLevel.named(values, fields[2])
        if fields[3].count > 0 { view.subsystem = scratch.bytes(fields[3]) }
        if let thread = UnifiedLogCSVParser.integer(scratch.bytes(fields[4])) { view.thread = UInt64(thread) }
        view.pid = UnifiedLogCSVParser.integer(scratch.bytes(fields[5]))
        let library = JSONRecordFields.lastPathComponent(fields[7], in: values)
        if library.count > 0 { view.sender = scratch.bytes(library) }
        if fields[11].count > 0 { view.category = scratch.bytes(fields[11]) }
        let process = JSONRecordFields.lastPathComponent(fields[12], in: values)
        if process.count > 0 { view.process = scratch.bytes(process) }
        emit(view)
    }

    /// A field that is a whole decimal number.
    private static func integer(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        let field = LineBytes(bytes)
        guard let (value, end) = field.number(at: 0), end == field.count else { return nil }
        return value
    }

    /// Splits one CSV record into exactly `fields.count` unquoted values in `scratch`.
    static func split(_ record: LineBytes, into fields: inout [Span], scratch: ByteBuffer) -> Bool {
        scratch.removeAll()
        let p = record.base
        let n = record.count
        var i = 0
        var column = 0
        while true {
            guard column < fields.count else { return false }
            let start = scratch.count
            if i < n, p[i] == 34 {
                i += 1
                var run = i
                while true {
                    guard let q = record.index(of: 34, from: i) else { return false }
                    if record[q + 1] == 34 {
                        scratch.append(p + run, count: q + 1 - run)
                        i = q + 2
                        run = i
                        continue
                    }
                    scratch.append(p + run, count: q - run)
                    i = q + 1
                    break
                }
                guard i == n || p[i] == 44 else { return false }
            } else {
                let comma = record.index(of: 44, from: i) ?? n
                scratch.append(p + i, count: comma - i)
                i = comma
            }
            fields[column] = Span(start, end: scratch.count)
            column += 1
            if i >= n { break }
            i += 1  // the comma
            if i == n {
                // A trailing comma: one more, empty field.
                guard column < fields.count else { return false }
                fields[column] = Span(start: scratch.count, count: 0)
                column += 1
                break
            }
        }
        return column == fields.count
    }
}
