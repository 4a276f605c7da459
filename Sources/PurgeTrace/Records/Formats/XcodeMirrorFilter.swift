/// Drops the Core Data stderr mirror of an event that is also in the Xcode console as an
/// os_log line, so the event is counted once.
///
/// Core Data writes each message to os_log (`App[pid:tid] [error] error: CoreData+CloudKit: …`)
/// and, in a debug session, to stderr with a `CoreData: ` prefix — either as a line of its
/// own with a timestamp header, or as a bare line right before or after the os_log line.
/// Both become records (the mirror's message without the prefix). A mirror and an
/// unprefixed record are the same event when they have the same process and pid, equal
/// messages, and are close: within 50 ms when the mirror has its own timestamp, within 8
/// records when it is a bare line (its time is only borrowed from the previous record).
/// The unprefixed record is kept (it has the category). Each record pairs at most once, so
/// two real events with the same text both survive.
///
/// A mirror waits in a small queue until its twin shows up or it expires (8 records later,
/// or 50 ms of log time for a timestamped one); records behind it wait too, so the output
/// keeps the input order. A mirror without a twin is kept.
final class XcodeMirrorFilter {
    enum Kind: Equatable {
        case plain
        case mirror(bare: Bool)
        var isMirror: Bool { self != .plain }
    }

    static let window = TimeSpan(nanoseconds: 50_000_000)
    static let recordWindow = 8

    private struct Key: Equatable {
        var process: UInt64
        var pid: Int64?
        var message: UInt64
        var length: Int
    }

    private struct Seen {
        var key: Key
        var time: Instant
        var sequence: Int
        var kind: Kind
        var paired = false
        var dropped = false
    }

    private var queue = RecordHoldQueue()
    private var queued: [Seen] = []
    /// Unprefixed records already passed on, newest last.
    private var recent: [Seen] = []
    private var sequence = 0
    /// Mirrors dropped as duplicates (for tests and diagnostics).
    private(set) var dropped = 0

    func accept(_ view: RecordView, kind: Kind, emit: (RecordView) -> Void) {
        sequence += 1
        let seen = Seen(key: XcodeMirrorFilter.key(view), time: view.time, sequence: sequence, kind: kind)
        if kind.isMirror {
            if let i = recent.lastIndex(where: { XcodeMirrorFilter.pairs(mirror: seen, with: $0) }) {
                recent[i].paired = true
                dropped += 1
                release(emit: emit)
                return
            }
            if let i = queued.firstIndex(where: { XcodeMirrorFilter.pairs(mirror: seen, with: $0) }) {
                queued[i].paired = true
                dropped += 1
                release(emit: emit)
                return
            }
            queue.append(view)
            queued.append(seen)
        } else {
            var entry = seen
            if let i = queued.firstIndex(where: { !$0.dropped && XcodeMirrorFilter.pairs(mirror: $0, with: entry) }) {
                queued[i].dropped = true
                entry.paired = true
                dropped += 1
            }
            if queue.isEmpty {
                emit(view)
                remember(entry)
            } else {
                queue.append(view)
                queued.append(entry)
            }
        }
        release(emit: emit)
    }

    /// End of the source: everything held is passed on.
    func finish(emit: (RecordView) -> Void) {
        release(emit: emit, all: true)
    }

    private func release(emit: (RecordView) -> Void, all: Bool = false) {
        let now = queued.last?.time ?? Instant(nanoseconds: .min)
        var n = 0
        while n < queued.count {
            let entry = queued[n]
            if !all, entry.kind.isMirror, !entry.dropped, !expired(entry, now: now) { break }
            if !entry.dropped { emit(queue.view(n)) }
            if !entry.kind.isMirror { remember(entry) }
            n += 1
        }
        if n > 0 {
            queue.removeFirst(n)
            queued.removeFirst(n)
        }
    }

    private func expired(_ mirror: Seen, now: Instant) -> Bool {
        if sequence - mirror.sequence >= XcodeMirrorFilter.recordWindow { return true }
        if case .mirror(bare: false) = mirror.kind { return now - mirror.time > XcodeMirrorFilter.window }
        return false
    }

    private func remember(_ entry: Seen) {
        recent.append(entry)
        if recent.count > XcodeMirrorFilter.recordWindow * 2 { recent.removeFirst(recent.count - XcodeMirrorFilter.recordWindow * 2) }
    }

    private static func pairs(mirror: Seen, with other: Seen) -> Bool {
        guard mirror.kind.isMirror, !other.kind.isMirror, !other.paired, mirror.key == other.key else { return false }
        switch mirror.kind {
        case .mirror(bare: true): return abs(mirror.sequence - other.sequence) <= recordWindow
        default:
            let d = mirror.time - other.time
            return abs(d.nanoseconds) <= window.nanoseconds
        }
    }

    private static func key(_ view: RecordView) -> Key {
        Key(process: view.process.map(fnv) ?? 0, pid: view.pid, message: fnv(view.message), length: view.message.count)
    }

    private static func fnv(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes {
            hash ^= UInt64(b)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
