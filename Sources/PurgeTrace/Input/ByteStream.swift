/// A byte stream read once, front to back: a file, standard input, a decompressed layer,
/// an archive member.
///
/// Reads never throw. A failure ends the stream early and says why in `endNote`, so the
/// records read before a truncation are kept and their source carries the warning.
public protocol ByteStream: AnyObject {
    /// Reads up to `buffer.count` bytes; 0 at the end (natural, or after a failure).
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int
    /// Why the stream ended before its natural end (truncated, unreadable, a limit), if it did.
    var endNote: String? { get }
}

extension ByteStream {
    /// Reads until `buffer` is full or the stream ends; returns the count read.
    func fill(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
        var filled = 0
        while filled < buffer.count {
            let n = read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if n <= 0 { break }
            filled += n
        }
        return filled
    }
}
