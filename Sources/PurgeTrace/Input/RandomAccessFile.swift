#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain file read at any offset (`pread`), by several threads at once: how one big
/// file is read in byte ranges on several cores. `size` is taken when the reading starts;
/// bytes appended later are not read.
final class RandomAccessFile: @unchecked Sendable {
    // @unchecked: the descriptor is only read with pread, which threads may share.
    private let fd: Int32
    let size: Int64
    /// Keeps the stream that owns the descriptor open while ranges are read.
    private let owner: AnyObject

    init(descriptor: Int32, size: Int64, owner: AnyObject) {
        fd = descriptor
        self.size = size
        self.owner = owner
    }

    /// Fills `buffer` from `offset` (fewer bytes at the end of the file); the count read,
    /// or nil with the reason when reading fails.
    func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, ErrorText> {
        var filled = 0
        while filled < buffer.count, offset + Int64(filled) < size {
            let n = FileSystem.readBytes(fd, at: offset + Int64(filled),
                                         into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if n > 0 {
                filled += n
            } else if n == 0 {
                break
            } else {
                let error = ErrorText(errno: errno)
                if error.errno == EINTR { continue }
                return .failure(error)
            }
        }
        return .success(filled)
    }
}
