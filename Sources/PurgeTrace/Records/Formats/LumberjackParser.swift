/// CocoaLumberjack's default file format: `2024/01/15 10:23:45:678  message`.
///
/// No process (the file is named `<AppName> yyyy-MM-dd--HH-mm-ss-SSS.log`, and that name
/// is the records' process), no pid, no level, no zone marker: UTC unless `--timezone`
/// (the default since 3.6.2; older versions wrote device local time).
struct LumberjackParser: RecordParser {
    private var framer: LineFramer
    private var clock: SourceClock
    private let process: [UInt8]?

    init(context: SourceContext) {
        framer = LineFramer(context: context)
        clock = SourceClock(context: context, localZone: LocalZone.lumberjack(for:))
        let name = context.processFromFileName ?? LumberjackFileName.appName(of: context.path)
        process = name.map { Array($0.utf8) }
    }

    mutating func feed(line raw: UnsafeRawBufferPointer, number: Int, offset: Int64,
                       emit: (RecordView) -> Void) throws(ToolError) {
        let line = LineBytes(raw)
        var head = RecordHead()
        switch LumberjackParser.classify(line, into: &head) {
        case .record:
            let (time, utcOffset) = clock.resolve(head.stamp)
            framer.start(line, head: head, time: time, utcOffset: utcOffset, number: number, offset: offset, emit: emit)
            if let process { process.withUnsafeBytes { framer.pending.setProcess($0) } }
        case .continuation: framer.continuation(line)
        case .skip: framer.skip(emit: emit)
        case .malformed: framer.malformed(emit: emit)
        }
    }

    mutating func finish(emit: (RecordView) -> Void) throws(ToolError) {
        framer.finish(emit: emit)
    }

    static func classify(_ line: LineBytes, into head: inout RecordHead) -> LineKind {
        switch line.slashStamp(at: 0) {
        case .none: return .continuation
        case .invalid: return .malformed
        case .ok(let stamp, let end):
            guard line[end] == 32 || end == line.count else { return .continuation }
            head.stamp = stamp
            head.messageStart = min(line[end + 1] == 32 ? end + 2 : end + 1, line.count)
            return .record
        }
    }
}
