import PurgeTrace

extension RulesCommand {
    /// Left-aligned columns two spaces apart; the last column is not padded. Cells come
    /// from rule files and log lines, so escape sequences and control characters go.
    static func render(_ table: [[String]]) -> String {
        let table = table.map { $0.map(SafeText.terminal) }
        guard let columns = table.first?.count else { return "" }
        var widths = [Int](repeating: 0, count: columns)
        for row in table {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        return table.map { row in
            row.enumerated().map { i, cell in
                i == columns - 1 ? cell : cell + String(repeating: " ", count: widths[i] - cell.count)
            }.joined(separator: "  ").trimmingSuffix(" ")
        }.joined(separator: "\n") + "\n"
    }

    /// Newlines shown as `⏎`, so one diagnostic or message stays on one output line;
    /// escape sequences and other control characters removed (terminal output).
    static func oneLine(_ text: String) -> String {
        SafeText.terminal(String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\n" ? "⏎" : ($0 == "\r" ? " " : $0) })))
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: Character) -> String {
        var s = self
        while s.last == suffix { s.removeLast() }
        return s
    }
}
