/// Finds which of many literals occur in a byte string, in one pass.
///
/// Each literal gets a few *anchors*: `stride` consecutive grams (runs of `gramLength`
/// bytes, 4 unless a literal is shorter) inside it, chosen where its bytes are rarest in
/// log text. The scan looks at every `stride`-th position of the text only, and asks a
/// 64 Kibit table (indexed by a hash of the gram there) whether the gram may be an anchor;
/// whatever a literal's position, exactly one of its anchors falls on a position the scan
/// looks at. Only a hit — rare, as anchors are rare grams — compares the candidate literals
/// there. So most bytes cost a fraction of an instruction; the byte-by-byte automaton
/// (Aho–Corasick) this replaces cost two dependent loads per byte.
///
/// Caseless literals are stored folded; their anchors are entered in every ASCII case, and
/// they are compared with folding. The searcher is immutable after construction and safe
/// to share between threads.
public final class MultiLiteralSearcher: Sendable {
    /// Literals longer than this are cut to their first bytes: a required literal's prefix
    /// is required too, and comparing stays short.
    static let maxLiteralLength = 32
    /// Positions looked at: every `maxStride`-th, or more when a literal is too short to
    /// hold that many anchors.
    static let maxStride = 4
    static let maxGramLength = 4
    private static let hashBits = 16

    public let literals: [PrefilterLiteral]
    /// Bytes per gram: 4, or the shortest literal's length when that is less.
    public let gramLength: Int
    /// Distance between the positions the scan looks at.
    public let stride: Int
    /// Gram hashes that some anchor has: 1024 words.
    private let anchorBits: [UInt64]
    /// Per anchor hash: its bucket in `bucketStart` (read only on a hit; the bits say which
    /// hashes have one, so 65536 buckets fit in 16 bits).
    private let bucketOfHash: [UInt16]
    private let bucketStart: [Int32]
    /// Per bucket entry: the literal, and the offset of the anchor inside it.
    private let entryLiteral: [Int32]
    private let entryOffset: [Int32]
    /// Distinct anchor hashes in the table (what `rules` summaries call the filter's size).
    public let stateCount: Int

    public init(literals input: [PrefilterLiteral]) {
        let literals = input.map { literal -> PrefilterLiteral in
            guard literal.bytes.count > Self.maxLiteralLength else { return literal }
            return PrefilterLiteral(bytes: Array(literal.bytes.prefix(Self.maxLiteralLength)), caseless: literal.caseless)
        }
        self.literals = literals
        let shortest = literals.lazy.map(\.bytes.count).filter { $0 > 0 }.min() ?? Self.maxGramLength
        let gramLength = min(Self.maxGramLength, shortest)
        // A literal of L bytes holds L - g + 1 grams; the window of `stride` of them must fit.
        let stride = max(1, min(Self.maxStride, shortest - gramLength + 1))
        self.gramLength = gramLength
        self.stride = stride

        var entries: [Int: [(literal: Int32, offset: Int32)]] = [:]
        for (id, literal) in literals.enumerated() where !literal.bytes.isEmpty {
            let bytes = literal.bytes
            let start = Self.rarestWindow(bytes, gram: gramLength, width: stride, caseless: literal.caseless)
            for offset in start..<(start + stride) {
                for gram in Self.variants(bytes[offset..<(offset + gramLength)], caseless: literal.caseless) {
                    let hash = Self.hash(gram, length: gramLength)
                    if entries[hash]?.contains(where: { $0.literal == Int32(id) && $0.offset == Int32(offset) }) != true {
                        entries[hash, default: []].append((Int32(id), Int32(offset)))
                    }
                }
            }
        }

        var bits = [UInt64](repeating: 0, count: (1 << Self.hashBits) / 64)
        var bucketOfHash = [UInt16](repeating: 0, count: 1 << Self.hashBits)
        var bucketStart: [Int32] = [0]
        var entryLiteral: [Int32] = []
        var entryOffset: [Int32] = []
        // Buckets in hash order, so the layout never depends on dictionary order.
        for hash in entries.keys.sorted() {
            bits[hash >> 6] |= 1 << UInt64(hash & 63)
            for entry in entries[hash]! {
                entryLiteral.append(entry.literal)
                entryOffset.append(entry.offset)
            }
            bucketOfHash[hash] = UInt16(bucketStart.count - 1)
            bucketStart.append(Int32(entryLiteral.count))
        }
        self.anchorBits = bits
        self.bucketOfHash = bucketOfHash
        self.bucketStart = bucketStart
        self.entryLiteral = entryLiteral
        self.entryOffset = entryOffset
        self.stateCount = entries.count
    }

    /// Calls `found` with the id (index in `literals`) of each literal occurrence in `text`,
    /// possibly several times for one literal, in no particular order. `found` returns false
    /// to stop the scan.
    public func scan(_ text: UnsafeRawBufferPointer, found: (Int) -> Bool) {
        guard let base = text.baseAddress, text.count >= gramLength, !literals.isEmpty else { return }
        let n = text.count
        let g = gramLength
        let step = stride
        let mask: UInt32 = g == 4 ? ~0 : (1 << UInt32(8 * g)) - 1
        anchorBits.withUnsafeBufferPointer { bits in
            var i = 0
            // Four bytes can be loaded at once up to here; the last few positions are assembled.
            let wide = n - 4
            while i <= wide {
                let gram = base.loadUnaligned(fromByteOffset: i, as: UInt32.self).littleEndian & mask
                let hash = Int(truncatingIfNeeded: (gram &* 0x9E37_79B1) &>> UInt32(32 - Self.hashBits))
                if bits[hash &>> 6] & (1 &<< UInt64(hash & 63)) != 0 {
                    if !verify(hash: hash, at: i, in: base, count: n, found: found) { return }
                }
                i &+= step
            }
            while i + g <= n {
                var gram: UInt32 = 0
                for k in 0..<g { gram |= UInt32(base.load(fromByteOffset: i + k, as: UInt8.self)) << UInt32(8 * k) }
                let hash = Int(truncatingIfNeeded: (gram &* 0x9E37_79B1) &>> UInt32(32 - Self.hashBits))
                if bits[hash &>> 6] & (1 &<< UInt64(hash & 63)) != 0 {
                    if !verify(hash: hash, at: i, in: base, count: n, found: found) { return }
                }
                i &+= step
            }
        }
    }

    /// Compares the literals anchored on `hash` with the text around position `i`.
    private func verify(hash: Int, at i: Int, in base: UnsafeRawPointer, count n: Int, found: (Int) -> Bool) -> Bool {
        let bucket = Int(bucketOfHash[hash])
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

    /// The table index of a gram (its bytes little-endian in a word).
    private static func hash<C: Collection>(_ gram: C, length: Int) -> Int where C.Element == UInt8 {
        var word: UInt32 = 0
        for (k, b) in gram.enumerated() { word |= UInt32(b) << UInt32(8 * k) }
        return Int((word &* 0x9E37_79B1) >> UInt32(32 - hashBits))
    }

    /// The first offset of the `width` consecutive grams of `bytes` that are rarest in log
    /// text (the sum of the grams' estimated frequencies — products of their bytes' — is
    /// smallest).
    static func rarestWindow(_ bytes: [UInt8], gram: Int, width: Int, caseless: Bool) -> Int {
        let grams = bytes.count - gram + 1
        var cost: [Double] = []
        for k in 0..<grams {
            var product = 1.0
            for b in bytes[k..<(k + gram)] {
                var f = frequency(b)
                if caseless, LineBytes.isLetter(b) { f += frequency(b ^ 0x20) }
                product *= Double(f)
            }
            cost.append(product)
        }
        var best = 0
        var bestCost = Double.infinity
        for start in 0...(grams - width) {
            let total = cost[start..<(start + width)].reduce(0, +)
            if total < bestCost {
                bestCost = total
                best = start
            }
        }
        return best
    }

    /// The gram and, for a caseless literal, every ASCII case of it.
    private static func variants(_ gram: ArraySlice<UInt8>, caseless: Bool) -> [[UInt8]] {
        var result: [[UInt8]] = [[]]
        for b in gram {
            let options = caseless && LineBytes.isLetter(b) ? [b | 0x20, b & 0xDF] : [b]
            result = result.flatMap { prefix in options.map { prefix + [$0] } }
        }
        return result
    }

    /// A rough frequency (1–100) of a byte in log text: spaces, lowercase letters and digits
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
