/// Records held back for a moment, with their bytes copied, then released in order.
///
/// Used where a decision about a record needs the records that follow it (the Xcode
/// Core Data mirror): views point into parser buffers that the next line overwrites, so
/// a held record owns a copy. The copy space is reused once the queue empties.
struct RecordHoldQueue {
    struct Entry {
        var time: Instant
        var utcOffset: Int?
        var text: Span
        var message: Span
        var process: Span
        var subsystem: Span
        var category: Span
        var sender: Span
        var pid: Int64?
        var thread: UInt64?
        var level: LogLevel?
        var line: Int
        var byteOffset: Int64
    }

    private let arena = ByteBuffer(capacity: 4096)
    private(set) var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }

    /// Copies a view in; returns its index.
    @discardableResult
    mutating func append(_ view: RecordView) -> Int {
        func copy(_ bytes: UnsafeRawBufferPointer?) -> Span {
            guard let bytes else { return .none }
            let start = arena.count
            arena.append(bytes)
            return Span(start: start, count: bytes.count)
        }
        entries.append(Entry(time: view.time, utcOffset: view.utcOffset, text: copy(view.text),
                             message: copy(view.message), process: copy(view.process),
                             subsystem: copy(view.subsystem), category: copy(view.category),
                             sender: copy(view.sender), pid: view.pid, thread: view.thread, level: view.level,
                             line: view.line, byteOffset: view.byteOffset))
        return entries.count - 1
    }

    /// The bytes of a span of a held entry.
    func bytes(_ span: Span) -> UnsafeRawBufferPointer { arena.bytes(span) }

    /// The held entry as a view (valid until the queue changes).
    func view(_ index: Int) -> RecordView {
        let e = entries[index]
        var view = RecordView(time: e.time, utcOffset: e.utcOffset, text: arena.bytes(e.text),
                              message: arena.bytes(e.message), line: e.line, byteOffset: e.byteOffset)
        if e.process.isPresent { view.process = arena.bytes(e.process) }
        if e.subsystem.isPresent { view.subsystem = arena.bytes(e.subsystem) }
        if e.category.isPresent { view.category = arena.bytes(e.category) }
        if e.sender.isPresent { view.sender = arena.bytes(e.sender) }
        view.pid = e.pid
        view.thread = e.thread
        view.level = e.level
        return view
    }

    /// Removes the first `n` entries; frees the copy space when none are left.
    mutating func removeFirst(_ n: Int) {
        entries.removeFirst(n)
        if entries.isEmpty { arena.removeAll() }
    }
}
