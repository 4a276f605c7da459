/// Finds `Process[pid]`, `Process[pid:tid]` and `Process(image)[pid]` tokens, where the
/// process name may contain spaces: the name ends at the first `[` that opens a well
/// formed id group.
enum ProcessToken {
    struct Match {
        var process: Span
        var pid: Int64
        var thread: UInt64?
        /// `(image)` right before `[`, when asked for.
        var image = Span.none
        /// Index after the closing `]`.
        var end: Int
    }

    /// `name[pid:tid]` with a decimal pid and a tid in `tidHex` (hex without `0x`) or
    /// decimal-or-hex (hex only when it has a letter) form.
    static func withThread(_ line: LineBytes, from start: Int, tidAlwaysHex: Bool) -> Match? {
        var i = start
        while let open = line.index(of: 91, from: i) {
            i = open + 1
            guard open > start, let (pid, pidEnd) = line.number(at: open + 1), line[pidEnd] == 58,
                  let (hexValue, tidEnd) = line.hexNumber(at: pidEnd + 1), line[tidEnd] == 93 else { continue }
            var thread = hexValue
            if !tidAlwaysHex, let (decimal, decimalEnd) = line.number(at: pidEnd + 1), decimalEnd == tidEnd {
                thread = UInt64(decimal)
            }
            return Match(process: Span(start, end: open), pid: pid, thread: thread, end: tidEnd + 1)
        }
        return nil
    }

    /// How an image name is attached to the process before `[pid]`.
    enum Image { case none, parentheses, braces }

    /// `name[pid]`, or `name(image)[pid]` / `name{image}[pid]` as `image` says.
    static func withPid(_ line: LineBytes, from start: Int, image: Image) -> Match? {
        var i = start
        while let open = line.index(of: 91, from: i) {
            i = open + 1
            guard open > start, let (pid, pidEnd) = line.number(at: open + 1), line[pidEnd] == 93 else { continue }
            var match = Match(process: Span(start, end: open), pid: pid, thread: nil, end: pidEnd + 1)
            let (openByte, closeByte): (UInt8, UInt8) = image == .braces ? (123, 125) : (40, 41)
            if image != .none, line[open - 1] == closeByte,
               let imageOpen = line.lastIndex(of: openByte, from: start, before: open - 1), imageOpen > start {
                match.image = Span(imageOpen + 1, end: open - 1)
                match.process = Span(start, end: imageOpen)
            }
            return match
        }
        return nil
    }
}
