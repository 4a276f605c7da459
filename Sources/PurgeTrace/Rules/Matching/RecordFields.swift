/// The record fields an event rule's `where` can test (contract §4.1), read from the
/// record and its source only when a rule asks, so records no rule looks at cost nothing.
struct RecordFields {
    let record: RecordView
    let source: SourceInfo
    private var cachedProcess: String??

    init(record: RecordView, source: SourceInfo) {
        self.record = record
        self.source = source
    }

    /// The record's process (the reader has applied `--process-alias` already; applying it
    /// again would map `A=B,B=C` to C), or the source's default process.
    var process: String? {
        mutating get {
            if let cachedProcess { return cachedProcess }
            var name: String?
            if let bytes = record.process, !bytes.isEmpty {
                name = RecordView.string(bytes)
            } else {
                name = source.defaultProcess
            }
            cachedProcess = .some(name)
            return name
        }
    }

    mutating func value(_ key: String) -> FieldValue? {
        switch key {
        case "process": return process.map(FieldValue.string)
        case "pid": return record.pid.map(FieldValue.int)
        case "subsystem": return record.subsystem.map { .string(RecordView.string($0)) }
        case "category": return record.category.map { .string(RecordView.string($0)) }
        case "level": return record.level.map { .string($0.rawValue) }
        case "device": return .string(source.device)
        case "source": return .string(source.path)
        case "format": return .string(source.format.rawValue)
        default: return nil
        }
    }
}
