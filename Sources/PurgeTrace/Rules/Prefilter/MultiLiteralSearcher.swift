/// Finds which of many literals occur in a byte string, in one pass.
///
/// Each literal gets a few *anchors*: `stride` consecutive byte pairs inside it, chosen
/// where its bytes are rarest in log text. The scan looks at every `stride`-th position of
/// the message only, and asks a 64 Kibit table whether the pair of bytes there is an
/// anchor of any literal; whatever the literal's position, exactly one of its anchors
/// falls on a position the scan looks at. Only a hit (rare: the pairs are chosen rare)
/// compares the candidate literals there. So most bytes cost a fraction of a load — a
/// byte-by-byte automaton (Aho–Corasick) cost two dependent loads per byte and ran at a
/// fifth of the speed on the same messages.
///
/// Caseless literals are stored folded; their anchors are entered in every ASCII case, and
/// they are compared with folding. The searcher is immutable after construction and safe
/// to share between threads.
public final class MultiLiteralSearcher: Sendable {
    /// Literals longer than this are cut to their first bytes: a required literal's prefix
    /// is required too, and comparing stays short.
    static let maxLiteralLength = 32
    /// Positions looked at: every `maxStride`-th, or fewer when a literal is too short to
    /// hold that many anchors.
    static let maxStride = 4

    public let literals: [PrefilterLiteral]
    /// Distance between the positions the scan looks at (1 when a literal is 1 or 2 bytes).
    public let stride: Int
    /// Byte pairs (first byte in the low 8 bits) that are some literal's anchor: 1024 words.
    private let anchorBits: [UInt64]
    /// Per anchor pair: its bucket in `bucketStart` (read only on a hit; the bits say which
    /// pairs have one, so 65536 buckets fit in 16 bits).
    private let bucketOfPair: [UInt16]
    private let bucketStart: [Int32]
    /// Per bucket entry: the literal, and the offset of the anchor inside it.
    private let entryLiteral: [Int32]
    private let entryOffset: [Int32]
    /// Literals of one byte (folded when caseless), checked on the last byte, which starts no pair.
    private let singleByteLiterals: [[Int32]]
    private let hasSingleByteLiterals: Bool
    /// Distinct anchor pairs in the table (what `rules` summaries call the filter's size).
    public let stateCount: Int

    public init(literals input: [PrefilterLiteral]) {
        let literals = input.map { literal -> PrefilterLiteral in
            guard literal.bytes.count > Self.maxLiteralLength else { return literal }
            return PrefilterLiteral(bytes: Array(literal.bytes.prefix(Self.maxLiteralLength)), caseless: literal.caseless)
        }
        self.literals = literals
        let shortest = literals.lazy.map(\.bytes.count).filter { $0 > 0 }.min() ?? 2
        // A literal of L ≥ 2 bytes holds L - 1 pairs; the window of `stride` of them must fit.
        let stride = max(1, min(Self.maxStride, shortest - 1))
        self.stride = stride

        var entries: [Int: [(literal: Int32, offset: Int32)]] = [:]
        var single = [[Int32]](repeating: [], count: 256)
        for (id, literal) in literals.enumerated() {
            let bytes = literal.bytes
            if bytes.isEmpty { continue }
            if bytes.count == 1 {
                // Any pair that starts with the byte, plus the last byte of the text.
                for first in Self.variants(bytes[0], caseless: literal.caseless) {
                    single[Int(first)].append(Int32(id))
                    for second in 0..<256 { entries[Int(first) | second << 8, default: []].append((Int32(id), 0)) }
                }
                continue
            }
            let start = Self.rarestWindow(bytes, width: stride, caseless: literal.caseless)
            for offset in start..<(start + stride) {
                for a in Self.variants(bytes[offset], caseless: literal.caseless) {
                    for b in Self.variants(bytes[offset + 1], caseless: literal.caseless) {
                        let pair = Int(a) | Int(b) << 8
                        if entries[pair]?.contains(where: { $0.literal == Int32(id) && $0.offset == Int32(offset) }) != true {
                            entries[pair, default: []].append((Int32(id), Int32(offset)))
                        }
                    }
                }
            }
        }

        var bits = [UInt64](repeating: 0, count: 1024)
        var bucketOfPair = [UInt16](repeating: 0, count: 65536)
        var bucketStart: [Int32] = [0]
        var entryLiteral: [Int32] = []
        var entryOffset: [Int32] = []
        // Buckets in pair order, so the layout never depends on dictionary order.
        for pair in entries.keys.sorted() {
            bits[pair >> 6] |= 1 << UInt64(pair & 63)
            for entry in entries[pair]! {
                entryLiteral.append(entry.literal)
                entryOffset.append(entry.offset)
            }
            bucketOfPair[pair] = UInt16(bucketStart.count - 1)
            bucketStart.append(Int32(entryLiteral.count))
        }
        self.anchorBits = bits
        self.bucketOfPair = bucketOfPair
        self.bucketStart = bucketStart
        self.entryLiteral = entryLiteral
        self.entryOffset = entryOffset
        self.singleByteLiterals = single
        self.hasSingleByteLiterals = single.contains { !$0.isEmpty }
        self.stateCount = entries.count
    }

    /// Calls `found` with the id (index in `literals`) of each literal occurrence in `text`,
    /// possibly several times for one literal, in no particular order. `found` returns false
    /// to stop the scan.
    public func scan(_ text: UnsafeRawBufferPointer, found: (Int) -> Bool) {
        guard let base = text.baseAddress, !text.isEmpty, !literals.isEmpty else { return }
        let n = text.count
        let stopped: Bool = anchorBits.withUnsafeBufferPointer { bits in
            var i = 0
            let end = n - 1
            while i < end {
                let pair = Int(base.loadUnaligned(fromByteOffset: i, as: UInt16.self).littleEndian)
                if bits[pair &>> 6] & (1 &<< UInt64(pair & 63)) != 0 {
                    if !verify(pair: pair, at: i, in: base, count: n, found: found) { return true }
                }
                i &+= stride
            }
            return false
        }
        if stopped || !hasSingleByteLiterals { return }
        let last = base.load(fromByteOffset: n - 1, as: UInt8.self)
        for id in singleByteLiterals[Int(last)] where !found(Int(id)) { return }
    }

    /// Compares the literals anchored on `pair` with the text around position `i`.
    private func verify(pair: Int, at i: Int, in base: UnsafeRawPointer, count n: Int, found: (Int) -> Bool) -> Bool {
        let bucket = Int(bucketOfPair[pair])
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        for k in Int(bucketStart[bucket])..<Int(bucketStart[bucket + 1]) {
            let id = Int(entryLiteral[k])
            let start = i - Int(entryOffset[k])
            let literal = literals[id]
            let length = literal.bytes.count
            guard start >= 0, start + length <= n else { continue }
            let same = literal.bytes.withUnsafeBufferPointer { want in
                if literal.caseless {
                    for j in 0..<length where PrefilterLiteral.fold(bytes[start + j]) != want[j] { return false }
                } else {
                    for j in 0..<length where bytes[start + j] != want[j] { return false }
                }
                return true
            }
            if same, !found(id) { return false }
        }
        return true
    }

    /// The first offset of the `width` consecutive byte pairs of `bytes` that are rarest
    /// in log text (the sum of the pairs' estimated frequencies is smallest).
    static func rarestWindow(_ bytes: [UInt8], width: Int, caseless: Bool) -> Int {
        let pairs = bytes.count - 1
        var cost: [Int] = []
        for k in 0..<pairs {
            var a = frequency(bytes[k]), b = frequency(bytes[k + 1])
            if caseless {
                a += LineBytes.isLetter(bytes[k]) ? frequency(bytes[k] & 0xDF) : 0
                b += LineBytes.isLetter(bytes[k + 1]) ? frequency(bytes[k + 1] & 0xDF) : 0
            }
            cost.append(a * b)
        }
        var best = 0
        var bestCost = Int.max
        for start in 0...(pairs - width) {
            let total = cost[start..<(start + width)].reduce(0, +)
            if total < bestCost {
                bestCost = total
                best = start
            }
        }
        return best
    }

    /// The byte and, for a caseless ASCII letter, its other case.
    private static func variants(_ b: UInt8, caseless: Bool) -> [UInt8] {
        guard caseless, LineBytes.isLetter(b) else { return [b] }
        return [b | 0x20, b & 0xDF]
    }

    /// A rough frequency (0–100) of a byte in log text: spaces, lowercase letters and digits
    /// are everywhere, capitals and most punctuation much rarer. Only the order matters.
    static func frequency(_ b: UInt8) -> Int {
        switch b {
        case 32: return 100
        case 0x61...0x7A: return lowercase[Int(b - 0x61)]
        case 0x30...0x39: return 70
        case 0x41...0x5A: return uppercase[Int(b - 0x41)]
        case UInt8(ascii: ":"), UInt8(ascii: "."): return 60
        case UInt8(ascii: "-"): return 55
        case UInt8(ascii: "/"): return 50
        case UInt8(ascii: "\""), UInt8(ascii: "_"), UInt8(ascii: "="), UInt8(ascii: ","),
             UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"): return 40
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "{"), UInt8(ascii: "}"), 9: return 30
        case UInt8(ascii: "'"), UInt8(ascii: "+"), UInt8(ascii: ";"): return 20
        case 0x80...0xFF: return 15
        case 0..<32: return 1
        default: return 8
        }
    }

    private static let lowercase = [
        80, 45, 60, 55, 90, 45, 40, 50, 75, 10, 20, 60, 50, 70, 75, 50, 8, 70, 70, 80, 50, 25, 20, 25, 25, 8,
    ]
    private static let uppercase = [
        40, 25, 45, 40, 35, 30, 20, 15, 35, 10, 15, 30, 35, 30, 25, 35, 5, 35, 40, 30, 25, 15, 15, 10, 10, 5,
    ]
}
