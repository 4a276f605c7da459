/// `log show --style compact`:
/// `2022-11-14 13:21:14.972 Df My App[59972:780a15] (sender) [sub:cat] message`.
///
/// Milliseconds and no zone; two-letter type codes (`Df` `I ` `E ` `F ` `A ` `Db`); the TID
/// is hex without `0x`.
enum LogCompactLines: LineClassifier {
    /// `Timestamp               Ty Process[PID:TID]`
    static func isHeader(_ line: LineBytes) -> Bool {
        guard line.hasPrefix("Timestamp ") else { return false }
        let i = line.skipSpaces(from: 10)
        return line.matches("Ty Process[PID:TID]", at: i)
    }

    static func classify(_ line: LineBytes, into head: inout RecordHead) -> LineKind {
        var i: Int
        switch line.isoStamp(at: 0, allowT: false) {
        case .none: return AppleLogLines.isNotRecord(line) ? .skip : .continuation
        case .invalid: return .malformed
        case .ok(let stamp, let end):
            guard line[end] == 32 else { return .malformed }
            head.stamp = stamp
            i = end + 1
        }
        guard let level = typeCode(line[i], line[i + 1]), line[i + 2] == 32 else { return .malformed }
        head.level = level
        i += 3
        guard let token = ProcessToken.withThread(line, from: i, tidAlwaysHex: true) else { return .malformed }
        head.process = token.process
        head.pid = token.pid
        head.thread = token.thread
        i = min(token.end + 1, line.count)
        head.messageStart = AppleLogLines.readSenderAndSubsystem(line, from: i, into: &head)
        return .record
    }

    /// The level of a type code: `.some(nil)` for codes without a level (activity,
    /// signpost), nil for a code this style does not print.
    static func typeCode(_ a: UInt8, _ b: UInt8) -> LogLevel?? {
        switch (a, b) {
        case (68, 102): return .some(.default)                         // Df
        case (68, 98): return .some(.debug)                            // Db
        case (73, 32), (73, 102): return .some(.info)                  // "I "
        case (69, 32), (69, 114): return .some(.error)                 // "E ", "Er"
        case (70, 32), (70, 97), (70, 116): return .some(.fault)       // "F ", "Fa", "Ft"
        case (65, 32), (83, 32), (83, 112): return .some(nil)          // activity, signpost
        default: return nil
        }
    }
}

typealias LogCompactParser = StatelessLineParser<LogCompactLines>
