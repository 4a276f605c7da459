import ArchiveKit

/// Feeds a `ByteStream` to ArchiveKit and counts what was consumed: the compressed side
/// of a decompression ratio, and whether the input ran out (a cut, not corrupt data).
final class ArchiveInput: ByteSource {
    let stream: ByteStream
    private(set) var consumed: Int64 = 0
    private(set) var reachedEnd = false

    init(_ stream: ByteStream) { self.stream = stream }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let n = stream.read(into: buffer)
        if n == 0 { reachedEnd = true }
        consumed += Int64(n)
        return n
    }
}
