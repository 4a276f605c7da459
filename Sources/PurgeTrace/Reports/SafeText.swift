/// Log text made harmless for the place it is shown. A log line is hostile input: it
/// must not move the cursor, recolor or retitle a terminal, reorder text with bidi
/// controls, break out of a Markdown code block, or become markup in HTML.
public enum SafeText {
    /// Strips ANSI/VT escape sequences (CSI, OSC, DCS/SOS/PM/APC strings, two-byte
    /// escapes and their 8-bit C1 forms), other control characters and bidi overrides.
    /// A tab becomes a space; newlines are removed too — callers split lines first.
    public static func terminal(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var it = Array(text.unicodeScalars)[...]
        while let c = it.first {
            it = it.dropFirst()
            switch c.value {
            case 0x1B:  // ESC
                guard let next = it.first else { continue }
                switch next.value {
                case 0x5B:  // [ : CSI
                    it = it.dropFirst()
                    skipCSI(&it)
                case 0x5D, 0x50, 0x58, 0x5E, 0x5F:  // ] P X ^ _ : string until BEL or ST
                    it = it.dropFirst()
                    skipString(&it)
                default:
                    // Two-byte escape (ESC c, ESC 7, ESC ( B ...): drop ESC, intermediates and the final byte.
                    while let i = it.first, (0x20...0x2F).contains(i.value) { it = it.dropFirst() }
                    if let f = it.first, (0x30...0x7E).contains(f.value) { it = it.dropFirst() }
                }
            case 0x9B: skipCSI(&it)  // 8-bit CSI
            case 0x9D, 0x90, 0x98, 0x9E, 0x9F: skipString(&it)  // 8-bit OSC, DCS, SOS, PM, APC
            case 0x09: out.append(" ")
            case 0x00...0x1F, 0x7F, 0x80...0x9F: continue
            case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C: continue  // bidi controls
            default: out.append(c)
            }
        }
        return String(out)
    }

    /// Parameters and intermediates, then one final byte.
    private static func skipCSI(_ it: inout ArraySlice<Unicode.Scalar>) {
        while let c = it.first, (0x20...0x3F).contains(c.value) { it = it.dropFirst() }
        if let f = it.first, (0x40...0x7E).contains(f.value) { it = it.dropFirst() }
    }

    /// Up to BEL, ESC \ or the 8-bit ST; an unterminated string runs to the end.
    private static func skipString(_ it: inout ArraySlice<Unicode.Scalar>) {
        while let c = it.first {
            it = it.dropFirst()
            if c.value == 0x07 || c.value == 0x9C { return }
            if c.value == 0x1B {
                if it.first?.value == 0x5C { it = it.dropFirst() }
                return
            }
        }
    }

    /// The lines of a (multi-line) record, each made terminal-safe.
    public static func terminalLines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { terminal(String($0)) }
        while lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// HTML text and attribute values: control characters stripped, then `& < > " '` escaped.
    public static func html(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.offset > 0 { out += "\n" }
            for c in terminal(String(line.element)).unicodeScalars {
                switch c {
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "\"": out += "&quot;"
                case "'": out += "&#39;"
                default: out.unicodeScalars.append(c)
                }
            }
        }
        return out
    }

    /// Markdown inline text (table cells, list items): one line, control characters
    /// stripped, markup characters backslash-escaped, `<`, `>` and `&` as entities so no
    /// log text becomes HTML in a bug tracker.
    public static func markdown(_ text: String) -> String {
        var out = ""
        for c in terminal(text.newlinesAsSpaces()).unicodeScalars {
            switch c {
            case "\\", "`", "*", "_", "[", "]", "|", "#", "~", "!": out += "\\"; out.unicodeScalars.append(c)
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// Markdown inline code: a backtick fence longer than any run inside, so backticks in
    /// the text cannot end the span early.
    public static func markdownCode(_ text: String) -> String {
        let t = terminal(text.newlinesAsSpaces())
        let fence = String(repeating: "`", count: longestBacktickRun(t) + 1)
        let pad = t.hasPrefix("`") || t.hasSuffix("`") || t.isEmpty ? " " : ""
        return fence + pad + t + pad + fence
    }

    /// A fenced Markdown code block whose fence is longer than any backtick run in the
    /// text (at least three), so a log line of ``` cannot close it.
    public static func markdownBlock(_ text: String) -> String {
        let lines = terminalLines(text)
        let longest = lines.map(longestBacktickRun).max() ?? 0
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return fence + "text\n" + lines.joined(separator: "\n") + "\n" + fence
    }

    static func longestBacktickRun(_ s: String) -> Int {
        var best = 0, run = 0
        for b in s.utf8 {
            if b == UInt8(ascii: "`") { run += 1; best = max(best, run) } else { run = 0 }
        }
        return best
    }
}

extension String {
    fileprivate func newlinesAsSpaces() -> String {
        String(unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : Character($0) })
    }
}
