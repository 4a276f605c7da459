#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
public final class MultiLiteralSearcher: @unchecked Sendable {
    // @unchecked: the tables behind the raw pointers are written only in `init`.
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
    /// Gram hashes that some anchor has: 1024 words (a raw pointer, so the scan loop keeps
    /// nothing but its registers busy).
    private let anchorBits: UnsafeMutablePointer<UInt64>
    /// Per anchor hash: its bucket in `bucketStart` (read only on a hit; the bits say which
    /// hashes have one, so 65536 buckets fit in 16 bits).
    private let bucketOfHash: UnsafeMutablePointer<UInt16>
    /// Only the low `gramLength` bytes of a loaded word make the gram.
    private let gramMask: UInt32
    /// The literals' bytes back to back (literal `i` at `literalStart[i]..<literalStart[i + 1]`)
    /// and whether each is caseless: what a hit compares, without touching the arrays.
    private let literalBytes: UnsafeMutablePointer<UInt8>
    private let literalStart: UnsafeMutablePointer<Int>
    private let literalCaseless: UnsafeMutablePointer<Bool>
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
        self.anchorBits = UnsafeMutablePointer<UInt64>.allocate(capacity: bits.count)
        self.anchorBits.initialize(from: bits, count: bits.count)
        self.bucketOfHash = UnsafeMutablePointer<UInt16>.allocate(capacity: bucketOfHash.count)
        self.bucketOfHash.initialize(from: bucketOfHash, count: bucketOfHash.count)
        self.gramMask = gramLength == 4 ? ~0 : (1 << UInt32(8 * gramLength)) - 1
        let allBytes = literals.flatMap(\.bytes)
        self.literalBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, allBytes.count))
        self.literalBytes.initialize(from: allBytes, count: allBytes.count)
        var starts = [0]
        for literal in literals { starts.append(starts.last! + literal.bytes.count) }
        self.literalStart = UnsafeMutablePointer<Int>.allocate(capacity: starts.count)
        self.literalStart.initialize(from: starts, count: starts.count)
        self.literalCaseless = UnsafeMutablePointer<Bool>.allocate(capacity: max(1, literals.count))
        self.literalCaseless.initialize(from: literals.map(\.caseless), count: literals.count)
        self.bucketStart = bucketStart
        self.entryLiteral = entryLiteral
        self.entryOffset = entryOffset
        self.stateCount = entries.count
    }

    deinit {
        anchorBits.deallocate()
        bucketOfHash.deallocate()
        literalBytes.deallocate()
        literalStart.deallocate()
        literalCaseless.deallocate()
    }

    /// Calls `found` with the id (index in `literals`) of each literal occurrence in `text`,
    /// possibly several times for one literal, in no particular order. `found` returns false
    /// to stop the scan.
    public func scan(_ text: UnsafeRawBufferPointer, found: (Int) -> Bool) {
        withoutActuallyEscaping(found) { found in
            var visitor = ClosureVisitor(body: found)
            scan(text, visitor: &visitor)
        }
    }

    /// `scan` for a visitor instead of a closure (what the per-record path uses: a closure's
    /// context would be retained and released on every call).
    @inline(__always)
    func scan<V: LiteralVisitor>(_ text: UnsafeRawBufferPointer, visitor: inout V) {
        guard let base = text.baseAddress, text.count >= gramLength, !literals.isEmpty else { return }
        let n = text.count
        var i = 0
        while let (hit, hash) = nextHit(base, from: i, count: n) {
            if !verify(hash: hash, at: hit, in: base, count: n, visitor: &visitor) { return }
            i = hit + stride
        }
    }

    private struct ClosureVisitor: LiteralVisitor {
        let body: (Int) -> Bool
        mutating func found(_ id: Int) -> Bool { body(id) }
    }

    /// The next position from `start` (stepping by `stride`) whose gram may be an anchor,
    /// with the gram's hash. The loop that every message byte goes through.
    @inline(__always)
    private func nextHit(_ base: UnsafeRawPointer, from start: Int, count n: Int) -> (Int, Int)? {
        let bits = anchorBits
        let mask = gramMask
        let step = stride
        var i = start
        // Four bytes can be loaded at once up to here; the last few positions are assembled.
        let wide = n &- 4
        while i <= wide {
            let gram = base.loadUnaligned(fromByteOffset: i, as: UInt32.self).littleEndian & mask
            let hash = Int(truncatingIfNeeded: (gram &* 0x9E37_79B1) &>> UInt32(32 - Self.hashBits))
            if bits[hash &>> 6] & (1 &<< UInt64(truncatingIfNeeded: hash & 63)) != 0 { return (i, hash) }
            i &+= step
        }
        while i + gramLength <= n {
            var gram: UInt32 = 0
            for k in 0..<gramLength { gram |= UInt32(base.load(fromByteOffset: i + k, as: UInt8.self)) << UInt32(8 * k) }
            let hash = Int(truncatingIfNeeded: (gram &* 0x9E37_79B1) &>> UInt32(32 - Self.hashBits))
            if bits[hash &>> 6] & (1 &<< UInt64(truncatingIfNeeded: hash & 63)) != 0 { return (i, hash) }
            i &+= step
        }
        return nil
    }

    /// Compares the literals anchored on `hash` with the text around position `i`.
    @inline(__always)
    private func verify<V: LiteralVisitor>(hash: Int, at i: Int, in base: UnsafeRawPointer, count n: Int,
                                           visitor: inout V) -> Bool {
        let bucket = Int(bucketOfHash[hash])
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        for k in Int(bucketStart[bucket])..<Int(bucketStart[bucket + 1]) {
            let id = Int(entryLiteral[k])
            let start = i - Int(entryOffset[k])
            let want = literalBytes + literalStart[id]
            let length = literalStart[id + 1] - literalStart[id]
            guard start >= 0, start + length <= n else { continue }
            var same = true
            if literalCaseless[id] {
                for j in 0..<length where PrefilterLiteral.fold(bytes[start + j]) != want[j] {
                    same = false
                    break
                }
            } else {
                same = memcmp(bytes + start, want, length) == 0
            }
            if same, !visitor.found(id) { return false }
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
    /// text: the sum of the grams' estimated frequencies (products of their bytes', much
    /// higher inside a word every Core Data log is full of) is smallest.
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
            if commonGrams.contains(bytes[k..<(k + gram)].map(PrefilterLiteral.fold)) { product *= 50 }
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

    /// Words that fill Core Data / CloudKit logs (daemons' and apps' noise says them as
    /// often as the lines rules look for): an anchor inside one would hit on most lines.
    /// Only speed depends on this list, never a result.
    static let commonWords = [
        "cloudkit", "coredata", "export", "import", "request", "with", "error", "failed", "complete", "changes",
        "account", "mirroring", "delegate", "finished", "persistent", "history", "token", "container",
        "notification", "sending", "record", "store", "session", "success", "result", "process", "assertion",
        "activity", "operation", "description", "identifier", "zone", "scheduling", "setting", "application",
        "library", "containers", "mobile", "private", "nscocoaerrordomain", "domain", "code", "userinfo", "null",
        "deleted", "upload", "download", "asset", "blob", "auth", "user",
    ]

    /// Every run of 1 to 4 bytes inside a common word (lowercase).
    private static let commonGrams: Set<[UInt8]> = {
        var grams = Set<[UInt8]>()
        for word in commonWords.map({ Array($0.utf8) }) {
            for length in 1...maxGramLength where length <= word.count {
                for start in 0...(word.count - length) { grams.insert(Array(word[start..<(start + length)])) }
            }
        }
        return grams
    }()

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
