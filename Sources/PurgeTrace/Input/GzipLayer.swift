import ArchiveKit

/// The decompressed bytes of a gzip stream (through zlib: exact up to a cut).
final class GzipLayer: ByteStream {
    private let input: ArchiveInput
    private let reader: GzipReader
    let meter: LayerMeter
    private var ended = false
    private(set) var endNote: String?

    init(input: ArchiveInput, meter: LayerMeter) {
        self.input = input
        self.reader = GzipReader(source: input)
        self.meter = meter
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard !ended else { return 0 }
        if let note = meter.check() { return end(note) }
        do {
            let n = try reader.read(into: buffer)
            if n == 0 { ended = true }
            meter.add(n)
            return n
        } catch {
            // A cut in an outer layer is the cause worth reporting.
            if let cause = input.stream.endNote { return end(cause) }
            if reader.isTruncated { return end("truncated gzip stream: read \(meter.produced) bytes before the cut") }
            return end("corrupt gzip stream after \(meter.produced) bytes: \(error.message)")
        }
    }

    private func end(_ note: String) -> Int {
        ended = true
        endNote = note
        return 0
    }
}
