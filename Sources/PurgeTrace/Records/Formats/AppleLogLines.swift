/// Pieces shared by the `log show`/`log stream` text styles: the preamble, header and
/// footer lines that are not records, and the `(sender) [subsystem:category] ` prefix of
/// a message.
enum AppleLogLines {
    /// `Filtering the log data using "…"`, `Skipping info and debug messages, …`,
    /// `Skipping debug messages, …` — printed before the records in every style.
    static func isPreamble(_ line: LineBytes) -> Bool {
        line.hasPrefix("Filtering the log data") || line.hasPrefix("Skipping info and debug messages")
            || line.hasPrefix("Skipping debug messages")
    }

    /// The column header of the text styles (`Timestamp   Thread  Type …`).
    static func isHeader(_ line: LineBytes) -> Bool {
        line.hasPrefix("Timestamp ")
    }

    /// The footer rule (a long run of dashes) and the summary lines under it
    /// (`Log      - Default:   3, …`, `Activity - Create:   0, …`).
    static func isFooter(_ line: LineBytes) -> Bool {
        let b = line[0]
        if b == 45 {
            guard line.count >= 40 else { return false }
            for i in 0..<line.count where line.base[i] != 45 { return false }
            return true
        }
        guard LineBytes.isUpper(b) else { return false }
        var i = 1
        while LineBytes.isLetter(line[i]) { i += 1 }
        let word = i
        while line[i] == 32 { i += 1 }
        guard i > word, line[i] == 45, line[i + 1] == 32 else { return false }
        i += 2
        let name = i
        while LineBytes.isLetter(line[i]) { i += 1 }
        return i > name && line[i] == 58
    }

    /// Lines of any text style that are not records.
    static func isNotRecord(_ line: LineBytes) -> Bool {
        isHeader(line) || isPreamble(line) || isFooter(line)
    }

    /// Reads an optional `(senderImage) ` and an optional `[subsystem:category] ` at `i`
    /// into `head`; returns where the message starts.
    ///
    /// The sender has no spaces or parentheses inside; the subsystem has no spaces and
    /// ends at the first `:`; an empty category (`[com.apple.network:]`) is absent.
    static func readSenderAndSubsystem(_ line: LineBytes, from start: Int, into head: inout RecordHead) -> Int {
        var i = start
        // One pass each: the first `)` within 256 bytes, unless a space or `(` comes first.
        if line[i] == 40 {
            let limit = min(i + 256, line.count)
            let j = line.firstOf(41, 32, 40, from: i + 1, to: limit)
            if j < limit, line.base[j] == 41, j > i + 1, line[j + 1] == 32 || j + 1 == line.count {
                head.sender = Span(i + 1, end: j)
                i = min(j + 2, line.count)
            }
        }
        // The first `]` within 512 bytes, with a `:` before it and no space before the `:`.
        if line[i] == 91 {
            let limit = min(i + 512, line.count)
            var colon = -1
            var j = line.firstOf(93, 58, 32, from: i + 1, to: limit)
            if j < limit, line.base[j] == 58 {
                colon = j
                j = line.index(of: 93, from: j + 1, to: limit) ?? limit
            }
            if j < limit, line.base[j] == 93, colon > i + 1, line[j + 1] == 32 || j + 1 == line.count {
                head.subsystem = Span(i + 1, end: colon)
                if j > colon + 1 { head.category = Span(colon + 1, end: j) }
                i = min(j + 2, line.count)
            }
        }
        return i
    }

    /// End of a `process` name ending in `: ` (or `:` at the end of the line), from `i`.
    @inline(__always) static func processEnd(_ line: LineBytes, from i: Int) -> Int? {
        var j = i
        while let colon = line.index(of: 58, from: j) {
            if colon + 1 == line.count || line[colon + 1] == 32 { return colon }
            j = colon + 1
        }
        return nil
    }
}
