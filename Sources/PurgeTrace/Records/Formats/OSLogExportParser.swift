/// Logs that apps export from `OSLogStore` themselves. There is no standard shape; the
/// common ones are read:
///
/// - `[2024-01-01T12:00:00.123Z] [ERROR] [category] message`
/// - `2024-01-01T12:00:00.123Z [category] message`, with `[E]`-style one-letter levels,
///   `OSLogEntryLog.Level` numbers (`[4]`) or `[subsystem:category]`
/// - `2024-01-01 12:00:00 +0000 - category: message` (Swift's `Date` description)
///
/// After the timestamp come bracketed tokens: a level name, letter or number is the level;
/// `subsystem:category` is both; otherwise the last token is the category and a
/// reverse-DNS one before it the subsystem.
enum OSLogExportLines: LineClassifier {
    static func classify(_ line: LineBytes, into head: inout RecordHead) -> LineKind {
        var structured = false
        return classify(line, into: &head, structured: &structured)
    }

    /// `structured` says whether the line had one of the shapes above beyond a bare
    /// timestamp (what detection asks for).
    static func classify(_ line: LineBytes, into head: inout RecordHead, structured: inout Bool) -> LineKind {
        let (match, bracketed) = line.leadingStamp(isoOnly: true)
        var i: Int
        switch match {
        case .none: return .continuation
        case .invalid: return .malformed
        case .ok(let stamp, let end):
            guard end == line.count || line[end] == 32 else { return .continuation }
            head.stamp = stamp
            i = line.skipSpaces(from: end)
        }
        structured = bracketed
        // ` - category: message`
        if line[i] == 45, line[i + 1] == 32 {
            let start = i + 2
            let wordEnd = line.skipToken(from: start)
            if wordEnd > start + 1, line[wordEnd - 1] == 58 {
                head.category = Span(start, end: wordEnd - 1)
                head.messageStart = line.skipSpaces(from: wordEnd)
                structured = true
                return .record
            }
            head.messageStart = line.skipSpaces(from: start)
            return .record
        }
        // `[token] [token] … message`
        var firstName = Span.none, lastName = Span.none, names = 0
        var levelSeen = false
        while line[i] == 91, let close = line.index(of: 93, from: i + 1, to: i + 130), close > i + 1,
              close + 1 == line.count || line[close + 1] == 32 {
            let token = Span(i + 1, end: close)
            i = line.skipSpaces(from: close + 1)
            structured = true
            if !levelSeen, let level = OSLogExportLines.level(line, token) {
                head.level = level
                levelSeen = true
                continue
            }
            if let colon = line.index(of: 58, from: token.start, to: token.end), colon > token.start,
               line.index(of: 32, from: token.start, to: token.end) == nil {
                head.subsystem = Span(token.start, end: colon)
                if colon + 1 < token.end { head.category = Span(colon + 1, end: token.end) }
                continue
            }
            if names == 0 { firstName = token }
            lastName = token
            names += 1
        }
        if names > 0 { head.category = lastName }
        if names == 2, line.index(of: 46, from: firstName.start, to: firstName.end) != nil,
           line.index(of: 32, from: firstName.start, to: firstName.end) == nil {
            head.subsystem = firstName
        }
        head.messageStart = i
        return .record
    }

    /// A level token: a name (`ERROR`, `Notice`), an upper-case letter (`E`) or an
    /// `OSLogEntryLog.Level` number (0–5; 0 is "undefined" and gives no level).
    static func level(_ line: LineBytes, _ token: Span) -> LogLevel?? {
        if token.count == 1, !LineBytes.isUpper(line[token.start]), !line.isDigit(at: token.start) { return nil }
        if token.count == 1, line.isDigit(at: token.start) {
            let n = line.digits(at: token.start, 1)
            return n <= 5 ? .some(LogLevel.osLogEntry(n)) : nil
        }
        if let level = LogLevel.named(line, token) { return .some(level) }
        if line.equals(token, "undefined") { return .some(nil) }
        return nil
    }
}

typealias OSLogExportParser = StatelessLineParser<OSLogExportLines>
