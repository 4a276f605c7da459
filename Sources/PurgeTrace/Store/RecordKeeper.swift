/// `--keep-records`: collects every record of a unit (not only matched ones) into a
/// `RecordStage` in batches, so the timeline can hold the full log for SQL search.
public final class RecordKeeper: RecordObserver {
    public let stage: RecordStage
    private var batch: [LogRecord] = []
    private var batchSource = ""
    /// The first failure writing the stage; the unit is not committed if set.
    public private(set) var failure: ToolError?
    private let batchSize = 10_000

    public init(stage: RecordStage) {
        self.stage = stage
        batch.reserveCapacity(batchSize)
    }

    public func observe(_ record: RecordView, source: SourceInfo) {
        guard failure == nil else { return }
        if source.path != batchSource { flush() }
        batchSource = source.path
        var owned = record.materialize()
        if owned.process == nil { owned.process = source.defaultProcess }
        batch.append(owned)
        if batch.count >= batchSize { flush() }
    }

    public func endSource(_ facts: SourceFacts) { flush() }

    private func flush() {
        guard !batch.isEmpty, failure == nil else {
            batch.removeAll(keepingCapacity: true)
            return
        }
        do {
            try stage.append(batch, source: batchSource)
        } catch {
            failure = error
        }
        batch.removeAll(keepingCapacity: true)
    }
}
