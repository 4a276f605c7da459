/// The last resort: a line that starts with a recognizable timestamp (`LineBytes.leadingStamp`)
/// starts a record whose message is the rest of the line; any other line continues it.
/// No process, pid or level — only what the text says for certain.
enum PlainLines: LineClassifier {
    static func classify(_ line: LineBytes, into head: inout RecordHead) -> LineKind {
        switch line.leadingStamp().match {
        case .none: return .continuation
        case .invalid: return .malformed
        case .ok(let stamp, let end):
            // A timestamp glued to more digits or letters is not a timestamp.
            let next = line[end]
            if next != 0, LineBytes.isDigit(next) || LineBytes.isLetter(next) { return .continuation }
            head.stamp = stamp
            var i = line.skipSpaces(from: end)
            // `12:00:00 - message`, `12:00:00: message`, `12:00:00 | message`
            if line[i] == 45 || line[i] == 124 || line[i] == 58, line[i + 1] == 32 { i = line.skipSpaces(from: i + 1) }
            head.messageStart = i
            return .record
        }
    }
}

typealias PlainParser = StatelessLineParser<PlainLines>
