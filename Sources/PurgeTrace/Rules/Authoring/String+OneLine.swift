extension String {
    /// Newlines shown as `⏎`, so a multi-line record fits one message line.
    func replacingNewlines() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\n" ? "⏎" : ($0 == "\r" ? " " : $0) }))
    }
}
