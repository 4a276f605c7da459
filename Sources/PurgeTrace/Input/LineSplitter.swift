#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits a byte stream pushed in chunks into physical lines, with `memchr` on raw bytes.
///
/// Lines that lie inside one chunk are handed out in place (no copy); only a line that
/// spans chunks is assembled in a carry buffer, which never grows past `maxLineLength`.
/// A longer line is cut there: its first `maxLineLength` bytes are the line, the rest up
/// to the newline is counted and dropped, so a 50 MB line costs bounded memory and time.
///
/// The splitter knows nothing of sources, parsers or facts, and starts at any line number
/// and byte offset: a big file can be cut into byte ranges at line boundaries and each
/// range split by its own splitter on its own core.
public struct LineSplitter {
    public struct Line {
        /// The line without LF and without the CR of a CRLF. Valid only during the callback.
        public var bytes: UnsafeRawBufferPointer
        /// 1-based line number in the source.
        public var number: Int
        /// Byte offset of the line's first byte in the (decompressed) source.
        public var offset: Int64
    }

    public let maxLineLength: Int
    /// Number of the next line to be handed out.
    public private(set) var nextNumber: Int
    /// Offset of the next byte to be pushed.
    public private(set) var offset: Int64
    /// Lines cut at `maxLineLength`, the first one's number, and the bytes dropped from them.
    public private(set) var cutLines = 0
    public private(set) var firstCutLine: Int?
    public private(set) var droppedBytes: Int64 = 0
    /// Largest capacity the carry buffer reached (memory stays bounded by `maxLineLength`).
    public private(set) var peakCarryCapacity = 0

    private var carry: [UInt8] = []
    private var lineStart: Int64
    /// Inside the dropped rest of a cut line, until the next newline.
    private var discarding = false

    public init(maxLineLength: Int, firstLineNumber: Int = 1, startOffset: Int64 = 0) {
        self.maxLineLength = max(1, maxLineLength)
        nextNumber = firstLineNumber
        offset = startOffset
        lineStart = startOffset
    }

    /// Splits `chunk`, calling `onLine` for every line it completes.
    public mutating func push(_ chunk: UnsafeRawBufferPointer,
                              _ onLine: (Line) throws(ToolError) -> Void) throws(ToolError) {
        guard let base = chunk.baseAddress, chunk.count > 0 else { return }
        let n = chunk.count
        let chunkStart = offset
        offset = chunkStart + Int64(n)
        var p = 0
        while p < n {
            let newline = memchr(base + p, 10, n - p).map { UnsafeRawPointer($0) - base }
            guard let q = newline else {
                try keep(UnsafeRawBufferPointer(start: base + p, count: n - p), onLine)
                return
            }
            let segment = UnsafeRawBufferPointer(start: base + p, count: q - p)
            if discarding {
                droppedBytes += Int64(segment.count)
                discarding = false
            } else if carry.isEmpty {
                try emit(withoutCR(segment), onLine)
            } else {
                var tail = withoutCR(segment)
                if segment.isEmpty, carry.last == 13 { carry.removeLast() }  // CR ended the last chunk
                if carry.count + tail.count > maxLineLength {
                    let fit = max(0, maxLineLength - carry.count)
                    droppedBytes += Int64(tail.count - fit) + Int64(trimCarryToLimit())
                    tail = UnsafeRawBufferPointer(rebasing: tail[0..<fit])
                    cutLines += 1
                    if firstCutLine == nil { firstCutLine = nextNumber }
                }
                append(tail)
                try emitCarry(onLine)
            }
            p = q + 1
            lineStart = chunkStart + Int64(p)
        }
    }

    /// End of the stream: hands out a last line that had no newline.
    public mutating func finish(_ onLine: (Line) throws(ToolError) -> Void) throws(ToolError) {
        if !discarding && !carry.isEmpty {
            if carry.last == 13 { carry.removeLast() }
            try emitCarry(onLine)
        }
        discarding = false
    }

    /// The rest of a chunk without a newline: carried to the next push, up to the limit
    /// (plus one trailing CR, which a LF in the next chunk may turn into a line end).
    private mutating func keep(_ rest: UnsafeRawBufferPointer, _ onLine: (Line) throws(ToolError) -> Void) throws(ToolError) {
        if discarding {
            droppedBytes += Int64(rest.count)
            return
        }
        let free = maxLineLength - carry.count  // -1 when the carry holds the limit and a CR
        if rest.count <= free || (rest.count == free + 1 && rest.last == 13) {
            append(rest)
            return
        }
        // Too long and no newline in sight: hand the head out now and drop up to the newline.
        if free > 0 { append(UnsafeRawBufferPointer(rebasing: rest[0..<free])) }
        droppedBytes += Int64(rest.count - max(free, 0)) + Int64(trimCarryToLimit())
        cutLines += 1
        if firstCutLine == nil { firstCutLine = nextNumber }
        try emitCarry(onLine)
        discarding = true
    }

    /// Drops a kept CR that turned out to be content past the limit; returns the bytes dropped.
    private mutating func trimCarryToLimit() -> Int {
        let extra = carry.count - maxLineLength
        guard extra > 0 else { return 0 }
        carry.removeLast(extra)
        return extra
    }

    private mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        let needed = carry.count + bytes.count
        if needed > carry.capacity {
            // Grow geometrically but never past the limit (Array's own growth could double it).
            carry.reserveCapacity(min(max(carry.capacity * 2, needed, 4096), maxLineLength + 1))
        }
        carry.append(contentsOf: bytes)
        peakCarryCapacity = max(peakCarryCapacity, carry.capacity)
    }

    private mutating func emitCarry(_ onLine: (Line) throws(ToolError) -> Void) throws(ToolError) {
        let line = carry
        // Keep a small buffer for the next spanning line; give a big one back.
        carry = line.count <= 1 << 20 ? carry : []
        carry.removeAll(keepingCapacity: true)
        do {
            try line.withUnsafeBytes { bytes in try emit(bytes, onLine) }
        } catch let error as ToolError {
            throw error
        } catch {
            throw ToolError("\(error)")
        }
    }

    /// Hands out one line; a line that is still too long (inside one chunk) is cut here.
    private mutating func emit(_ raw: UnsafeRawBufferPointer, _ onLine: (Line) throws(ToolError) -> Void) throws(ToolError) {
        var bytes = raw
        if bytes.count > maxLineLength {
            droppedBytes += Int64(bytes.count - maxLineLength)
            cutLines += 1
            if firstCutLine == nil { firstCutLine = nextNumber }
            bytes = UnsafeRawBufferPointer(rebasing: bytes[0..<maxLineLength])
        }
        let line = Line(bytes: bytes, number: nextNumber, offset: lineStart)
        nextNumber += 1
        try onLine(line)
    }

    private func withoutCR(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        guard let last = bytes.last, last == 13 else { return bytes }
        return UnsafeRawBufferPointer(rebasing: bytes.dropLast())
    }
}
