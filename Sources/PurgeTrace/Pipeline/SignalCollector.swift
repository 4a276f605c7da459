/// The sink between the reader and the rules: runs every record through the event
/// rules and keeps the signals and the facts of each source. One per worker.
final class SignalCollector: RecordSink {
    private let matcher: RecordMatcher
    private var current: SourceInfo?
    private var sourceSignals: [Signal] = []
    private(set) var signals: [Signal] = []
    private(set) var sources: [SourceFacts] = []

    init(matcher: RecordMatcher) {
        self.matcher = matcher
    }

    func beginSource(_ source: SourceInfo) {
        current = source
        sourceSignals.removeAll(keepingCapacity: true)
    }

    func accept(_ record: RecordView) {
        guard let current else { return }
        matcher.match(record, source: current) { sourceSignals.append($0) }
    }

    func endSource(_ facts: SourceFacts) {
        // The hash is known only once the whole source has been read.
        for i in sourceSignals.indices { sourceSignals[i].sourceSHA256 = facts.sha256 }
        signals.append(contentsOf: sourceSignals)
        sourceSignals.removeAll(keepingCapacity: true)
        sources.append(facts)
        current = nil
    }
}
