/// The sink between the reader and the rules: runs every record through the event
/// rules and keeps the signals and the facts of each source. One per worker.
final class SignalCollector: RangeRecordSink {
    private let matcher: RecordMatcher
    private let observer: RecordObserver?
    /// Boxed so the per-record path retains one object, not the info's strings one by one.
    private var current: SourceBox?
    private(set) var sourceSignals: [Signal] = []
    private(set) var signals: [Signal] = []
    private(set) var sources: [SourceFacts] = []

    init(matcher: RecordMatcher, observer: RecordObserver? = nil) {
        self.matcher = matcher
        self.observer = observer
    }

    func beginSource(_ source: SourceInfo) {
        current = SourceBox(source)
        sourceSignals.removeAll(keepingCapacity: true)
    }

    func accept(_ record: RecordView) {
        // Most records match nothing: screen them before the source is even looked at.
        if matcher.screen(record), let current {
            matcher.matchScreened(record, source: current.info) { sourceSignals.append($0) }
        }
        if let observer, let current { observer.observe(record, source: current.info) }
    }

    func endSource(_ facts: SourceFacts) {
        // The hash is known only once the whole source has been read.
        for i in sourceSignals.indices { sourceSignals[i].sourceSHA256 = facts.sha256 }
        signals.append(contentsOf: sourceSignals)
        sourceSignals.removeAll(keepingCapacity: true)
        sources.append(facts)
        observer?.endSource(facts)
        current = nil
    }

    /// Parts have their own matcher (PCRE2 scratch is per thread); an observer must see
    /// every record in order, so a collector with one is never split.
    func rangePartFactory() -> (@Sendable () -> RecordSink)? {
        guard observer == nil else { return nil }
        let engine = matcher.engine
        let prefilterEnabled = matcher.prefilterEnabled
        return {
            let part = SignalCollector(matcher: engine.makeMatcher())
            part.matcher.prefilterEnabled = prefilterEnabled
            return part
        }
    }

    func append(part: RecordSink, lineOffset: Int) {
        guard let part = part as? SignalCollector else { return }
        sourceSignals.reserveCapacity(sourceSignals.count + part.sourceSignals.count)
        for var signal in part.sourceSignals {
            signal.line += lineOffset
            sourceSignals.append(signal)
        }
        matcher.append(part.matcher, lineOffset: lineOffset)
    }
}

private final class SourceBox {
    let info: SourceInfo
    init(_ info: SourceInfo) { self.info = info }
}

/// Sees every record of a unit as it is read (to keep all records, not only matched ones).
public protocol RecordObserver: AnyObject {
    func observe(_ record: RecordView, source: SourceInfo)
    func endSource(_ facts: SourceFacts)
}
