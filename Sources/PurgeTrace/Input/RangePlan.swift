#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a big plain file is cut for reading on several cores: the start of each byte
/// range is a line that may start a range (`RangeReadableParser.startsRange`), found near
/// every `rangeSize` bytes. Ranges tile the content exactly: each ends where the next
/// starts, the last at the end of the file.
struct RangePlan: Sendable {
    /// Range starts in increasing order; the first is the content's start (after a BOM).
    let starts: [Int64]
    /// End of the last range (the file's size when the plan was made).
    let end: Int64

    var count: Int { starts.count }

    func range(_ j: Int) -> (start: Int64, end: Int64) {
        (starts[j], j + 1 < starts.count ? starts[j + 1] : end)
    }

    /// Looks for a range start at or after each multiple of `rangeSize`, before the next
    /// one; a stretch with none (one huge multi-line record) joins the range before it.
    static func make(file: RandomAccessFile, contentStart: Int64, rangeSize: Int64, maxLineLength: Int,
                     startsRange: (LineBytes) -> Bool) -> RangePlan {
        var starts: [Int64] = [contentStart]
        var target = contentStart + max(1, rangeSize)
        while target < file.size {
            let limit = min(file.size, target + max(1, rangeSize))
            if let start = firstStart(in: file, from: target, before: limit, maxLineLength: maxLineLength,
                                      startsRange: startsRange) {
                starts.append(start)
            }
            target = limit
        }
        return RangePlan(starts: starts, end: file.size)
    }

    /// The first line that starts at or after `from`, before `limit`, and may start a range.
    private static func firstStart(in file: RandomAccessFile, from: Int64, before limit: Int64, maxLineLength: Int,
                                   startsRange: (LineBytes) -> Bool) -> Int64? {
        let size = 64 << 10
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        // The first line start: just after the first newline at or after `from - 1`.
        var position = from - 1
        var lineStart: Int64?
        while lineStart == nil, position < limit {
            guard case .success(let n) = file.read(at: position, into: buffer), n > 0 else { return nil }
            if let newline = memchr(buffer.baseAddress!, 10, n) {
                lineStart = position + Int64(UnsafeRawPointer(newline) - UnsafeRawPointer(buffer.baseAddress!)) + 1
            } else {
                position += Int64(n)
            }
        }
        guard let first = lineStart, first < limit else { return nil }
        // Then lines as the reader splits them (cut at the same length), until one qualifies.
        var splitter = LineSplitter(maxLineLength: maxLineLength, startOffset: first)
        var found: Int64?
        var done = false
        let check: (LineSplitter.Line) -> Void = { line in
            guard !done else { return }
            if line.offset >= limit {
                done = true
            } else if startsRange(LineBytes(line.bytes)) {
                found = line.offset
                done = true
            }
        }
        position = first
        while !done {
            guard case .success(let n) = file.read(at: position, into: buffer), n > 0 else {
                try? splitter.finish(check)
                break
            }
            try? splitter.push(UnsafeRawBufferPointer(rebasing: buffer[0..<n]), check)
            position += Int64(n)
        }
        return found
    }
}
