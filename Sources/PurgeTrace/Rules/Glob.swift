/// `*` matches any run of bytes (including none); everything else matches itself.
enum Glob {
    static func matches(_ pattern: [UInt8], _ text: [UInt8]) -> Bool {
        let star = UInt8(ascii: "*")
        var p = 0, t = 0
        var starAt = -1, resumeAt = 0
        while t < text.count {
            if p < pattern.count, pattern[p] != star, pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == star {
                starAt = p
                resumeAt = t
                p += 1
            } else if starAt >= 0 {
                p = starAt + 1
                resumeAt += 1
                t = resumeAt
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == star { p += 1 }
        return p == pattern.count
    }
}
