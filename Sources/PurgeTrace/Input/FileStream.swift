#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file (or standard input) read with plain `read(2)` calls.
public final class FileStream: ByteStream, RandomlyReadable {
    private let fd: Int32
    private let ownsDescriptor: Bool
    private var ended = false
    private var bytesRead: Int64 = 0
    public private(set) var endNote: String?

    /// - Throws: `ToolError("cannot read PATH: reason")`.
    public init(path: String) throws(ToolError) {
        switch FileSystem.openForReading(path) {
        case .success(let fd): self.fd = fd
        case .failure(let error): throw ToolError("cannot read \(path): \(error)")
        }
        ownsDescriptor = true
    }

    private init(descriptor: Int32, owned: Bool = false) {
        fd = descriptor
        ownsDescriptor = owned
    }

    /// Opens a file, or says why not.
    static func open(_ path: String) -> Result<FileStream, ErrorText> {
        FileSystem.openForReading(path).map { FileStream(descriptor: $0, owned: true) }
    }

    /// Standard input (`-`); never closed here.
    public static func standardInput() -> FileStream { FileStream(descriptor: 0) }

    deinit {
        if ownsDescriptor { FileSystem.closeFile(fd) }
    }

    /// A file opened by path is read from its start; standard input may not be.
    var randomAccess: RandomAccessFile? {
        guard ownsDescriptor, let size = FileSystem.regularFileSize(fd) else { return nil }
        return RandomAccessFile(descriptor: fd, size: size, owner: self)
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard !ended, buffer.count > 0 else { return 0 }
        while true {
            let n = FileSystem.readBytes(fd, into: buffer)
            if n > 0 {
                bytesRead += Int64(n)
                return n
            }
            if n == 0 {
                ended = true
                return 0
            }
            let error = ErrorText(errno: errno)
            if error.errno == EINTR { continue }
            endNote = "read error after \(bytesRead) bytes: \(error)"
            ended = true
            return 0
        }
    }
}
