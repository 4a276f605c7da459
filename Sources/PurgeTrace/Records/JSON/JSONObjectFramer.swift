/// Cuts a stream of lines into top-level JSON objects: the pretty-printed array of
/// `log show --style json` (objects over many lines, `[{`, `},{` and `}]` lines, an array
/// that `log stream` never closes) and one-object-per-line styles alike.
///
/// It tracks strings and nesting byte by byte and collects the object's bytes (its lines
/// joined by "\n") in `text`. JSON never breaks a line inside a string, so a line that
/// ends inside one means a broken object: it is dropped and reading resumes at the next
/// line — one bad record never swallows the rest of the file. Text between objects other
/// than `[ ] ,` and whitespace is a preamble line (skipped) or junk (counted).
struct JSONObjectFramer {
    enum Event {
        /// A complete object in `text`, starting at `line` / `offset`.
        case object(line: Int, offset: Int64)
        /// Broken JSON: count one undecodable record or line.
        case broken
    }

    let text = ByteBuffer(capacity: 16384)
    /// One object per line (NDJSON, JSONL): an object still open at the end of its line is broken.
    let oneObjectPerLine: Bool
    /// Objects larger than this are broken (a runaway unterminated object).
    var maxObjectBytes = 64 << 20

    private var depth = 0
    /// After broken JSON: junk up to the next object is part of the same breakage.
    private var resyncing = false
    private var inString = false
    private var escaped = false
    private var objectLine = 0
    private var objectOffset: Int64 = 0

    init(oneObjectPerLine: Bool) {
        self.oneObjectPerLine = oneObjectPerLine
    }

    var isInsideObject: Bool { depth > 0 }

    /// True when a line starts with `{` and ends with `}`, nothing around: when it is also
    /// one valid object (its decoder says), the framer would cut out exactly the line — in
    /// one-object-per-line mode, where every line starts afresh — so a parser may decode it
    /// directly. Anything else (leading or trailing blanks, junk, broken JSON) goes through
    /// the framer, which decides what is counted how.
    static func isWholeObject(_ line: UnsafeRawBufferPointer) -> Bool {
        guard line.count >= 2 else { return false }
        return line[0] == 123 && line[line.count - 1] == 125
    }

    // The line being cut (valid between `begin` and the `next` that returns nil).
    private var line = LineBytes(UnsafeRawBufferPointer(start: nil, count: 0))
    private var position = 0
    private var lineNumber = 0
    private var lineOffset: Int64 = 0

    /// Starts on a line; then call `next()` until it returns nil (several objects can end
    /// on one line: `},{`, compact arrays).
    mutating func begin(_ line: LineBytes, number: Int, offset: Int64) {
        self.line = line
        position = 0
        lineNumber = number
        lineOffset = offset
        if depth > 0 { text.append(10) }
        if oneObjectPerLine { resyncing = false }
    }

    mutating func next() -> Event? {
        let p = line.base
        let n = line.count
        var i = position
        defer { position = i }
        while i < n {
            if depth == 0 {
                let b = p[i]
                if b == 123 {
                    resyncing = false
                    text.removeAll()
                    depth = 1
                    inString = false
                    escaped = false
                    objectLine = lineNumber
                    objectOffset = lineOffset + Int64(i)
                    text.append(b)
                    i += 1
                    continue
                }
                if b == 32 || b == 9 || b == 91 || b == 93 || b == 44 {
                    i += 1
                    continue
                }
                // Junk between objects: a preamble line, or what is left of a broken
                // object. Count it once, then look for the next object's `{`.
                if line.skipSpaces(from: 0) == i, AppleLogLines.isPreamble(line.suffix(from: i)) {
                    i = n
                    return nil
                }
                let next = line.index(of: 123, from: i) ?? n
                i = next
                if !resyncing {
                    resyncing = true
                    return .broken
                }
                continue
            }
            // Inside an object: find where it ends on this line, if it does.
            let start = i
            var closed = false
            while i < n {
                let b = p[i]
                i += 1
                if inString {
                    if escaped {
                        escaped = false
                    } else if b == 92 {
                        escaped = true
                    } else if b == 34 {
                        inString = false
                    }
                } else if b == 34 {
                    inString = true
                } else if b == 123 || b == 91 {
                    depth += 1
                } else if b == 125 || b == 93 {
                    depth -= 1
                    if depth == 0 {
                        closed = true
                        break
                    }
                }
            }
            text.append(p + start, count: i - start)
            if closed { return .object(line: objectLine, offset: objectOffset) }
        }
        if i == n, depth > 0, inString || oneObjectPerLine || text.count > maxObjectBytes {
            reset()
            resyncing = !oneObjectPerLine
            i = n + 1  // report once
            return .broken
        }
        return nil
    }

    /// End of input: an object still open is broken (a cut-off file).
    mutating func finish() -> Event? {
        guard depth > 0 else { return nil }
        resyncing = false
        reset()
        return .broken
    }

    private mutating func reset() {
        depth = 0
        inString = false
        escaped = false
        text.removeAll()
    }
}
