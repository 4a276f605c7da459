import ArchiveKit

/// One container open through libarchive: an archive (tar, zip) or a compressed stream
/// read as its single raw member (bzip2, xz, zstd, compress).
final class OpenArchive {
    let kind: ContainerKind
    let reader: ArchiveReader
    let input: ArchiveInput
    let meter: LayerMeter
    /// Nothing more is read from it: a limit was hit or the stream failed.
    var stopped = false
    /// The stop was already reported on a source.
    var noted = false

    init(kind: ContainerKind, reader: ArchiveReader, input: ArchiveInput, meter: LayerMeter) {
        self.kind = kind
        self.reader = reader
        self.input = input
        self.meter = meter
    }

    /// The warning for a libarchive failure after `bytes` bytes of the current member.
    static func failureNote(kind: ContainerKind, input: ArchiveInput, error: ArchiveError, bytes: Int64) -> String {
        // A cut in an outer layer is the cause worth reporting.
        if let cause = input.stream.endNote { return cause }
        let message = error.message
        // libarchive words a cut differently per codec; "no progress" and zlib's Z_BUF_ERROR
        // (-5) at the end of the input mean the same thing.
        let truncated = message.lowercased().contains("truncated")
            || (input.reachedEnd && ["No progress", "Premature end", "(-5)"].contains { message.contains($0) })
        if truncated { return "truncated \(kind.rawValue) stream: read \(bytes) bytes before the cut" }
        return "\(kind.rawValue) stream error after \(bytes) bytes: \(message)"
    }

    func failureNote(_ error: ArchiveError, bytes: Int64) -> String {
        OpenArchive.failureNote(kind: kind, input: input, error: error, bytes: bytes)
    }
}
