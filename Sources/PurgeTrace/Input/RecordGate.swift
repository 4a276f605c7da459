/// Between a parser and the sink: drops records outside `[since, until)`, gives records
/// without a process the source's default (a CocoaLumberjack file's name), applies
/// `--process-alias`, accumulates the facts, and pushes the record on.
final class RecordGate {
    private let sink: RecordSink
    private let since: Instant?
    private let until: Instant?
    private let defaultProcess: UnsafeMutableRawBufferPointer?
    private let aliases: [(from: UnsafeMutableRawBufferPointer, to: UnsafeMutableRawBufferPointer)]
    var facts: SourceFactsBuilder
    /// Records dropped by `--since/--until`.
    private(set) var outsideWindow = 0

    init(sink: RecordSink, since: Instant?, until: Instant?, defaultProcess: String?, aliases: [String: String],
         gapLimit: Int = SourceFactsBuilder.maxGaps) {
        self.sink = sink
        facts = SourceFactsBuilder(gapLimit: gapLimit)
        self.since = since
        self.until = until
        self.defaultProcess = defaultProcess.map(RecordGate.copy)
        // Sorted so the rare name that two aliases could match resolves the same way every run.
        self.aliases = aliases.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            .map { (RecordGate.copy($0.key), RecordGate.copy($0.value)) }
    }

    deinit {
        defaultProcess?.deallocate()
        for alias in aliases {
            alias.from.deallocate()
            alias.to.deallocate()
        }
    }

    func accept(_ record: RecordView) {
        if let since, record.time < since {
            outsideWindow += 1
            return
        }
        if let until, record.time >= until {
            outsideWindow += 1
            return
        }
        var view = record
        if view.process.map({ $0.isEmpty }) ?? true, let defaultProcess {
            view.process = UnsafeRawBufferPointer(defaultProcess)
        }
        if !aliases.isEmpty, let process = view.process {
            for alias in aliases where RecordGate.equal(process, UnsafeRawBufferPointer(alias.from)) {
                view.process = UnsafeRawBufferPointer(alias.to)
                break
            }
        }
        facts.add(time: view.time, process: view.process)
        sink.accept(view)
    }

    /// The name a record without a process is reported under, after aliasing.
    static func aliased(_ name: String?, _ aliases: [String: String]) -> String? {
        name.map { aliases[$0] ?? $0 }
    }

    private static func copy(_ text: String) -> UnsafeMutableRawBufferPointer {
        let bytes = Array(text.utf8)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
        return UnsafeMutableRawBufferPointer(rebasing: buffer[0..<bytes.count])
    }

    private static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        a.count == b.count && a.elementsEqual(b)
    }
}
