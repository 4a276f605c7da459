import Testing
@testable import PurgeTrace

@Suite struct StampCacheTests {
    private func describe(_ match: StampMatch) -> String {
        switch match {
        case .none: return "none"
        case .invalid: return "invalid"
        case .ok(let stamp, let end): return "\(stamp) \(end)"
        }
    }

    /// Lines that share a prefix with the one before, or nearly: bad seconds, bad
    /// separators, other dates, short lines, T or space.
    @Test func cachedPrefixReadsLikeAFullRead() {
        var random = SeededGenerator(seed: 3)
        var cache = IsoPrefixCache()
        let seconds = ["00", "59", "60", "61", "99", "5x", "7"]
        let tails = ["", ".123456+0100 x", ".5Z", "+02:00", " rest", ".", ":", "-0800", ".123456789123"]
        var checked = 0
        var prefix = "2025-03-14 09:21"
        for _ in 0..<5_000 {
            if Int.random(in: 0..<4, using: &random) == 0 {
                // Mostly the same prefix as the line before, as in a real log.
                let day = ["2025-03-14", "2025-02-29", "2024-02-29", "2025-13-01", "2025-03-1x"].randomElement(using: &random)!
                let sep = ["T", " ", "t", "_"].randomElement(using: &random)!
                let minute = ["09:21", "23:59", "24:00", "09:6x"].randomElement(using: &random)!
                prefix = day + sep + minute
            }
            let colon = Int.random(in: 0..<10, using: &random) == 0 ? "." : ":"
            let text = prefix + colon + seconds.randomElement(using: &random)! + tails.randomElement(using: &random)!
            let allowT = Int.random(in: 0..<4, using: &random) != 0
            Array(text.utf8).withUnsafeBytes { raw in
                let line = LineBytes(raw)
                let cached = line.isoStampAtStart(allowT: allowT, cache: &cache)
                #expect(describe(cached) == describe(line.isoStamp(at: 0, allowT: allowT)), "\(text) allowT \(allowT)")
                if case .ok = cached { checked += 1 }
            }
        }
        #expect(checked > 150)
    }
}
