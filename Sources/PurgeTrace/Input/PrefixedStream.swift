/// Bytes already read (a sniffed head) followed by the rest of their stream, so sniffing
/// the first bytes never needs a seek.
final class PrefixedStream: ByteStream, RandomlyReadable {
    private var head: [UInt8]
    private var position = 0
    let rest: ByteStream

    init(head: [UInt8], rest: ByteStream) {
        self.head = head
        self.rest = rest
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard position < head.count else { return rest.read(into: buffer) }
        let n = min(buffer.count, head.count - position)
        head.withUnsafeBytes { bytes in
            buffer.baseAddress!.copyMemory(from: bytes.baseAddress! + position, byteCount: n)
        }
        position += n
        if position == head.count {
            head = []
            position = 0
        }
        return n
    }

    var endNote: String? { rest.endNote }

    /// The head was read from the start of `rest`, so the whole is `rest`'s file.
    var randomAccess: RandomAccessFile? { (rest as? RandomlyReadable)?.randomAccess }
}
