/// The record being assembled by a line-format parser: its physical lines copied into a
/// reusable buffer (joined by "\n"), the fields of its first line, and its time.
///
/// The message is the tail of the first line plus every continuation line, so it is a
/// suffix of the text and needs no second copy. Trailing blank lines are not part of a
/// record: they are trimmed when it is emitted.
struct PendingRecord {
    let buffer = ByteBuffer(capacity: 8192)
    /// Holds a process name that is not in the record's text (inherited from a neighbour).
    private let side = ByteBuffer(capacity: 128)
    private var processInSide = false
    private(set) var isOpen = false
    private var head = RecordHead()
    private var time = Instant(nanoseconds: 0)
    private var utcOffset: Int?
    private var line = 0
    private var byteOffset: Int64 = 0
    private var firstLineEnd = 0
    /// Physical lines in the record so far.
    private(set) var lineCount = 0

    init() {}

    mutating func open(line first: LineBytes, head: RecordHead, time: Instant, utcOffset: Int?,
                       number: Int, offset: Int64) {
        buffer.removeAll()
        buffer.append(first.base, count: first.count)
        self.head = head
        self.time = time
        self.utcOffset = utcOffset
        self.line = number
        self.byteOffset = offset
        firstLineEnd = first.count
        lineCount = 1
        processInSide = false
        isOpen = true
    }

    /// Sets the process to bytes that are not part of the record's text.
    mutating func setProcess(_ name: UnsafeRawBufferPointer) {
        side.removeAll()
        side.append(name)
        processInSide = true
    }

    /// Joins a continuation line to the record.
    @inline(__always) mutating func append(_ next: LineBytes) {
        buffer.append(10)
        buffer.append(next.base, count: next.count)
        lineCount += 1
    }

    /// Start of the last physical line in the buffer.
    var lastLineStart: Int {
        guard lineCount > 1 else { return 0 }
        var i = buffer.count - 1
        while i >= firstLineEnd, buffer.base[i] != 10 { i -= 1 }
        return i + 1
    }

    /// Adjusts fields once the whole record is known (a trailing field on its last line).
    mutating func setTrailingFields(messageEnd: Int, subsystem: Span, category: Span) {
        head.messageEnd = messageEnd
        head.subsystem = subsystem
        head.category = category
    }

    /// The fields read so far, as positions in `buffer`.
    var fields: RecordHead { head }

    /// Emits the record, if one is open, and closes it.
    @inline(__always) mutating func flush(_ emit: (RecordView) -> Void) {
        guard isOpen else { return }
        isOpen = false
        if lineCount > 1 { trimTrailingBlankLines() }
        emit(view())
    }

    /// Closes the record without emitting it.
    mutating func discard() { isOpen = false }

    /// The record as a view into `buffer` (valid until the buffer changes).
    func view() -> RecordView {
        let all = buffer.count
        let messageEnd = min(head.messageEnd ?? all, all)
        let messageStart = min(head.messageStart, messageEnd)
        var view = RecordView(time: time, utcOffset: utcOffset, text: buffer.bytes(0, all),
                              message: buffer.bytes(messageStart, messageEnd - messageStart),
                              line: line, byteOffset: byteOffset)
        if processInSide {
            view.process = side.all
        } else if head.process.isPresent {
            view.process = buffer.bytes(head.process)
        }
        if head.subsystem.isPresent { view.subsystem = buffer.bytes(head.subsystem) }
        if head.category.isPresent { view.category = buffer.bytes(head.category) }
        if head.sender.isPresent { view.sender = buffer.bytes(head.sender) }
        view.pid = head.pid
        view.thread = head.thread
        view.level = head.level
        return view
    }

    private mutating func trimTrailingBlankLines() {
        let base = buffer.base
        var end = buffer.count
        while end > firstLineEnd {
            var i = end - 1
            var blank = true
            while i >= firstLineEnd, base[i] != 10 {
                if base[i] != 32 && base[i] != 9 { blank = false }
                i -= 1
            }
            guard blank, i >= firstLineEnd else { break }
            end = i
            lineCount -= 1
        }
        buffer.truncate(to: end)
    }
}
