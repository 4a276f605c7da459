import PurgeTrace

/// Input: a file (usually an archive or a compressed stream) read by `EvidenceReader` with
/// small container limits into a sink that materializes every record.
enum ArchiveTarget {
    static func run(_ data: UnsafeRawBufferPointer) {
        guard TemporaryInput.write(data) else { return }
        let unit = EvidenceUnit(device: "fuzz", members: [.init(fileSystemPath: TemporaryInput.path, displayName: "case.tar.gz")])
        let sink = TouchingSink()
        try? EvidenceReader(options: FuzzLimits.readOptions).read(unit: unit, into: sink)
    }
}

/// Touches everything the reader hands over, so a dangling or short buffer shows up.
final class TouchingSink: RecordSink {
    var records = 0
    var sources: [SourceFacts] = []

    func beginSource(_ source: SourceInfo) {}

    func accept(_ record: RecordView) {
        records += 1
        _ = record.materialize()
    }

    func endSource(_ facts: SourceFacts) { sources.append(facts) }
}
