/// Frames the records of a line format: a line that starts a record closes the pending
/// one, continuation lines join it, and lines that belong to no record are counted.
///
/// After a malformed record start, its continuation lines are dropped with it (it was
/// counted once as undecodable). A non-blank line before any record that is neither a
/// record nor a known header/preamble counts as undecodable: it cannot be attributed.
///
/// Memory stays bounded: a record stops growing at `maxRecordBytes` (the rest of its
/// continuation lines are dropped, with a warning), however long the run of lines
/// without a timestamp is.
struct LineFramer {
    var pending = PendingRecord()
    let context: SourceContext
    private var discarding = false
    var maxRecordBytes = 64 << 20

    init(context: SourceContext) {
        self.context = context
    }

    @inline(__always) mutating func start(_ line: LineBytes, head: RecordHead, time: Instant, utcOffset: Int?,
                                          number: Int, offset: Int64, emit: (RecordView) -> Void) {
        pending.flush(emit)
        discarding = false
        pending.open(line: line, head: head, time: time, utcOffset: utcOffset, number: number, offset: offset)
    }

    @inline(__always) mutating func continuation(_ line: LineBytes) {
        if pending.isOpen {
            if pending.buffer.count + line.count < maxRecordBytes {
                pending.append(line)
            } else {
                context.warn("a multi-line record longer than \(maxRecordBytes >> 20) MiB was cut")
            }
        } else if !discarding, !line.isBlank {
            context.undecodable += 1
        }
    }

    /// A line that is not part of any record: the pending record is complete.
    @inline(__always) mutating func skip(emit: (RecordView) -> Void) {
        pending.flush(emit)
        discarding = false
    }

    /// A record start that cannot be read: counted, and its continuation lines dropped.
    mutating func malformed(emit: (RecordView) -> Void) {
        pending.flush(emit)
        context.undecodable += 1
        discarding = true
    }

    mutating func finish(emit: (RecordView) -> Void) {
        pending.flush(emit)
        discarding = false
    }
}
