/// Finds which of many literals occur in a byte string, in one pass (Aho–Corasick).
///
/// The automaton is a dense DFA over byte *classes*: bytes that occur in no literal share
/// one class, so the table stays small (states × classes) and each input byte costs two
/// loads and no branch other than the output check. Every literal is matched on ASCII-
/// folded bytes; a case-sensitive literal is then verified against the raw bytes. The
/// searcher is immutable after construction and safe to share between threads.
public final class MultiLiteralSearcher: Sendable {
    /// Literals longer than this are cut to their first bytes: a required literal's prefix
    /// is required too, and the automaton stays small.
    static let maxLiteralLength = 32

    public let literals: [PrefilterLiteral]
    private let classOf: [UInt8]
    private let classCount: Int
    /// Row offset of the next state (`state * classCount`), with `outputFlag` set when that
    /// state ends at least one literal.
    private let table: [UInt32]
    private let outputStart: [Int32]
    private let outputs: [Int32]
    public let stateCount: Int

    private static let outputFlag: UInt32 = 1 << 31

    public init(literals input: [PrefilterLiteral]) {
        let literals = input.map { literal -> PrefilterLiteral in
            guard literal.bytes.count > Self.maxLiteralLength else { return literal }
            return PrefilterLiteral(bytes: Array(literal.bytes.prefix(Self.maxLiteralLength)), caseless: literal.caseless)
        }
        self.literals = literals

        // Byte classes over folded bytes; class 0 is "in no literal".
        var classOf = [UInt8](repeating: 0, count: 256)
        var classCount = 1
        var classOfFolded = [Int](repeating: -1, count: 256)
        for literal in literals {
            for b in literal.bytes.map(PrefilterLiteral.fold) where classOfFolded[Int(b)] < 0 {
                classOfFolded[Int(b)] = classCount
                classCount += 1
            }
        }
        for b in 0..<256 {
            let c = classOfFolded[Int(PrefilterLiteral.fold(UInt8(b)))]
            classOf[b] = UInt8(c < 0 ? 0 : c)
        }
        // With at most 255 distinct bytes plus the "other" class, a UInt8 class always fits.
        self.classOf = classOf
        self.classCount = classCount

        // Trie.
        var children: [[Int: Int]] = [[:]]
        var own: [[Int32]] = [[]]
        for (id, literal) in literals.enumerated() where !literal.bytes.isEmpty {
            var state = 0
            for b in literal.bytes.map(PrefilterLiteral.fold) {
                let c = Int(classOf[Int(b)])
                if let next = children[state][c] {
                    state = next
                } else {
                    children.append([:])
                    own.append([])
                    children[state][c] = children.count - 1
                    state = children.count - 1
                }
            }
            own[state].append(Int32(id))
        }
        let stateCount = children.count
        self.stateCount = stateCount

        // Breadth-first: failure links, merged outputs and the dense table.
        var fail = [Int](repeating: 0, count: stateCount)
        var next = [Int](repeating: 0, count: stateCount * classCount)
        var merged = own
        var queue: [Int] = []
        for c in 0..<classCount {
            if let s = children[0][c] {
                next[c] = s
                queue.append(s)
            }
        }
        var head = 0
        while head < queue.count {
            let s = queue[head]
            head += 1
            merged[s] += merged[fail[s]]
            for c in 0..<classCount {
                if let t = children[s][c] {
                    fail[t] = next[fail[s] * classCount + c]
                    next[s * classCount + c] = t
                    queue.append(t)
                } else {
                    next[s * classCount + c] = next[fail[s] * classCount + c]
                }
            }
        }
        var table = [UInt32](repeating: 0, count: stateCount * classCount)
        for i in 0..<table.count {
            let t = next[i]
            table[i] = UInt32(t * classCount) | (merged[t].isEmpty ? 0 : Self.outputFlag)
        }
        self.table = table
        var outputStart: [Int32] = [0]
        var outputs: [Int32] = []
        for s in 0..<stateCount {
            outputs += merged[s]
            outputStart.append(Int32(outputs.count))
        }
        self.outputStart = outputStart
        self.outputs = outputs
    }

    /// Calls `found` with the id (index in `literals`) of each literal occurrence in `text`,
    /// possibly several times for one literal. `found` returns false to stop the scan.
    public func scan(_ text: UnsafeRawBufferPointer, found: (Int) -> Bool) {
        guard let base = text.baseAddress, !text.isEmpty, stateCount > 1 else { return }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        let n = text.count
        table.withUnsafeBufferPointer { table in
            classOf.withUnsafeBufferPointer { classOf in
                var row = 0
                var i = 0
                while i < n {
                    let entry = table[row &+ Int(classOf[Int(bytes[i])])]
                    row = Int(entry & ~Self.outputFlag)
                    if entry & Self.outputFlag != 0 {
                        if !report(state: row / classCount, end: i, bytes: bytes, found: found) { return }
                    }
                    i &+= 1
                }
            }
        }
    }

    private func report(state: Int, end: Int, bytes: UnsafePointer<UInt8>, found: (Int) -> Bool) -> Bool {
        for k in Int(outputStart[state])..<Int(outputStart[state + 1]) {
            let id = Int(outputs[k])
            let literal = literals[id]
            if !literal.caseless {
                let start = end - literal.bytes.count + 1
                var same = true
                for (j, b) in literal.bytes.enumerated() where bytes[start + j] != b {
                    same = false
                    break
                }
                if !same { continue }
            }
            if !found(id) { return false }
        }
        return true
    }
}
