/// idevicesyslog (libimobiledevice) and pymobiledevice3 `syslog live` output:
///
/// - `Mar  4 10:00:00.123456 MyApp(CoreData)[123] <Notice>: message` (current)
/// - `Jan  3 06:16:48 iPhone itunesstored(CFNetwork)[112] <Notice>: message` (legacy relay,
///   with the device's host name)
/// - `2023-05-01 12:00:00.123456 SpringBoard{UIKitCore}[58] <NOTICE>: message [sub][cat]`
///   (pymobiledevice3; the subsystem/category suffix is optional)
///
/// No zone; the first two shapes have no year either (`YearInference`). `[connected]` and
/// `[disconnected]` status lines are not records. A host name never contains a space, so
/// a space before the process token means a device name — until a line without one shows
/// that this file has no device names (then process names may hold spaces).
struct IDeviceSyslogParser: RecordParser {
    private var framer: LineFramer
    private var clock: SourceClock
    private var years = YearInference()
    private var days = DayCache()
    private var noDeviceNames = false
    /// The pending record is pymobiledevice3-shaped and may end with `[sub][cat]`.
    private var pendingHasSuffix = false

    init(context: SourceContext) {
        framer = LineFramer(context: context)
        clock = SourceClock(context: context)
    }

    mutating func feed(line raw: UnsafeRawBufferPointer, number: Int, offset: Int64,
                       emit: (RecordView) -> Void) throws(ToolError) {
        let line = LineBytes(raw)
        var head = RecordHead()
        var shape = Shape.relay
        let kind = IDeviceSyslogParser.classify(line, into: &head, shape: &shape, noDeviceNames: &noDeviceNames)
        if kind != .continuation { readSuffix() }
        switch kind {
        case .record:
            var stamp = head.stamp
            if shape == .relay {
                stamp.year = try years.year(month: stamp.month, day: stamp.day, context: framer.context)
                // Feb 29 of a year that has none.
                guard stamp.day <= CivilTime.daysInMonth(year: stamp.year, month: stamp.month) else {
                    framer.malformed(emit: emit)
                    return
                }
            }
            let (time, utcOffset) = clock.resolve(stamp)
            framer.start(line, head: head, time: time, utcOffset: utcOffset, number: number, offset: offset, emit: emit)
            pendingHasSuffix = shape == .pymobiledevice3
        case .continuation: framer.continuation(line)
        case .skip: framer.skip(emit: emit)
        case .malformed: framer.malformed(emit: emit)
        }
    }

    mutating func finish(emit: (RecordView) -> Void) throws(ToolError) {
        readSuffix()
        framer.finish(emit: emit)
    }

    /// Before the pending record is emitted: a pymobiledevice3 ` [subsystem][category]`
    /// suffix on its last line is a field, not part of the message.
    private mutating func readSuffix() {
        guard pendingHasSuffix, framer.pending.isOpen else { return }
        pendingHasSuffix = false
        let buffer = framer.pending.buffer
        let all = LineBytes(buffer.all)
        let lastStart = max(framer.pending.lastLineStart, framer.pending.fields.messageStart)
        let end = all.count - 1
        guard end > lastStart, all[end] == 93,
              let categoryOpen = all.lastIndex(of: 91, from: lastStart, before: end), all[categoryOpen - 1] == 93,
              let subsystemOpen = all.lastIndex(of: 91, from: lastStart, before: categoryOpen - 1),
              subsystemOpen > lastStart, all[subsystemOpen - 1] == 32,
              all.index(of: 32, from: subsystemOpen, to: categoryOpen) == nil else { return }
        let subsystem = Span(subsystemOpen + 1, end: categoryOpen - 1)
        let category = categoryOpen + 1 < end ? Span(categoryOpen + 1, end: end) : .none
        framer.pending.setTrailingFields(messageEnd: subsystemOpen - 1,
                                         subsystem: subsystem.count > 0 ? subsystem : .none, category: category)
    }

    enum Shape { case relay, pymobiledevice3 }

    static func isStatusLine(_ line: LineBytes) -> Bool {
        line.hasPrefix("[connected") || line.hasPrefix("[disconnected")
    }

    static func classify(_ line: LineBytes, into head: inout RecordHead, shape: inout Shape,
                         noDeviceNames: inout Bool) -> LineKind {
        var i: Int
        switch line.monthDayStamp(at: 0) {
        case .invalid: return .malformed
        case .ok(let stamp, let end):
            guard line[end] == 32 else { return .malformed }
            head.stamp = stamp
            shape = .relay
            i = end + 1
        case .none:
            switch line.isoStamp(at: 0, allowT: false) {
            case .none: return isStatusLine(line) ? .skip : .continuation
            case .invalid: return .malformed
            case .ok(let stamp, let end):
                guard line[end] == 32 else { return .malformed }
                head.stamp = stamp
                shape = .pymobiledevice3
                i = end + 1
            }
        }
        let image: ProcessToken.Image = shape == .relay ? .parentheses : .braces
        guard var token = ProcessToken.withPid(line, from: i, image: image), line[token.end] == 32,
              line[token.end + 1] == 60, let close = line.index(of: 62, from: token.end + 2, to: token.end + 24),
              line[close + 1] == 58 else { return .malformed }
        if shape == .relay, let space = line.index(of: 32, from: token.process.start, to: token.process.end) {
            if !noDeviceNames {
                // `Device process(image)[pid]`: the first word is the device's host name.
                token.process = Span(space + 1, end: token.process.end)
            }
        } else if shape == .relay {
            noDeviceNames = true
        }
        guard token.process.count > 0 else { return .malformed }
        head.process = token.process
        head.pid = token.pid
        if token.image.count > 0 { head.sender = token.image }
        head.level = LogLevel.named(line, Span(token.end + 2, end: close))
        head.messageStart = min(close + 3, line.count)
        return .record
    }
}
