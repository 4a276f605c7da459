internal import CArchive

/// Inflates a gzip stream (every member of a multi-member file) read from a `ByteSource`.
///
/// libarchive's gzip filter decodes into a 64 KiB block and throws the block away when the
/// input ends early, so a truncated `.gz` loses its last records (all of them when it is
/// small). Logs are cut in transit often enough that the tail matters: here every byte
/// zlib can decode before the cut is returned, and only then does a read throw.
public final class GzipReader {
    private let source: ByteSource
    private let stream: UnsafeMutablePointer<z_stream>
    private let input: UnsafeMutableRawBufferPointer
    private var initialized = false
    private var finished = false
    /// True once the input ended inside a gzip member (set before the read that throws).
    public private(set) var isTruncated = false
    /// Compressed bytes taken from the source so far.
    public private(set) var compressedBytesRead: Int64 = 0
    /// Decompressed bytes returned so far.
    public private(set) var uncompressedBytesRead: Int64 = 0

    public init(source: ByteSource, inputBufferSize: Int = 256 * 1024) {
        self.source = source
        stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        input = UnsafeMutableRawBufferPointer.allocate(byteCount: max(inputBufferSize, 64), alignment: 16)
    }

    deinit {
        if initialized { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
        input.deallocate()
    }

    /// Reads decompressed bytes; 0 at the end. After a truncation or corrupt data the bytes
    /// decoded before it have all been returned by earlier calls, then this throws.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ArchiveError) -> Int {
        if let pendingError {
            finished = true
            self.pendingError = nil
            throw pendingError
        }
        guard let out = buffer.baseAddress, buffer.count > 0, !finished else { return 0 }
        if !initialized {
            guard carchive_gzip_inflate_init(stream) == Z_OK else { throw fail("cannot initialize zlib") }
            initialized = true
        }
        stream.pointee.next_out = out.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(min(buffer.count, Int(UInt32.max)))
        while stream.pointee.avail_out > 0 {
            if stream.pointee.avail_in == 0, try refill() == 0 {
                isTruncated = true
                return try failAfter(buffer, "truncated gzip input")
            }
            let rc = inflate(stream, Z_NO_FLUSH)
            if rc == Z_STREAM_END {
                // Another member may follow (concatenated .gz files); anything else is padding.
                if try nextMemberFollows() {
                    inflateReset(stream)
                    continue
                }
                finished = true
                return produced(buffer)
            }
            if rc == Z_BUF_ERROR {
                // No progress without more input: refill, or report the cut.
                if try refill() == 0 {
                    isTruncated = true
                    return try failAfter(buffer, "truncated gzip input")
                }
                continue
            }
            if rc != Z_OK {
                let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(rc)"
                return try failAfter(buffer, "corrupt gzip data: \(message)")
            }
        }
        return produced(buffer)
    }

    private var pendingError: ArchiveError?

    /// Returns the bytes decoded by this call and keeps the error for the next one; throws
    /// now when nothing was decoded.
    private func failAfter(_ buffer: UnsafeMutableRawBufferPointer, _ message: String) throws(ArchiveError) -> Int {
        let n = produced(buffer)
        if n == 0 { throw fail(message) }
        pendingError = ArchiveError(message)
        return n
    }

    private func fail(_ message: String) -> ArchiveError {
        finished = true
        return ArchiveError(message)
    }

    private func produced(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
        let n = buffer.count - Int(stream.pointee.avail_out)
        uncompressedBytesRead += Int64(n)
        return n
    }

    /// Moves unread input to the buffer's front and reads more after it; returns the count read.
    private func refill() throws(ArchiveError) -> Int {
        guard let base = input.baseAddress else { return 0 }
        let kept = Int(stream.pointee.avail_in)
        if kept > 0, let next = stream.pointee.next_in, UnsafeMutableRawPointer(next) != base {
            UnsafeMutableRawPointer(base).copyMemory(from: next, byteCount: kept)
        }
        guard kept < input.count else { return 0 }
        var n = 0
        do {
            n = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: input[kept...]))
        } catch {
            throw fail("read error: \(error)")
        }
        compressedBytesRead += Int64(n)
        stream.pointee.next_in = base.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_in = uInt(kept + n)
        return n
    }

    /// After a member's end: true when the next input bytes start another gzip member.
    private func nextMemberFollows() throws(ArchiveError) -> Bool {
        while stream.pointee.avail_in < 2 {
            if try refill() == 0 { return false }
        }
        let next = stream.pointee.next_in!
        return next[0] == 0x1f && next[1] == 0x8b
    }
}
