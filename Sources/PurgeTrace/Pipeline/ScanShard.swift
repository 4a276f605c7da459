/// `--shard K/N`: a deterministic share of a scan's units, so N machines can split one
/// corpus under any scheduler and their databases merge into exactly one scan's
/// (contract §1). A unit belongs to shard K when the FNV-1a-64 hash of its name relative
/// to its PATH argument, mod N, is K − 1 — so the split does not depend on where the
/// corpus is mounted, on the other units, or on the order PATHs are given in.
public struct ScanShard: Sendable, Equatable, CustomStringConvertible {
    /// 1-based.
    public let index: Int
    public let count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// `K/N` with 1 ≤ K ≤ N; nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let k = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: k, count: n)
    }

    /// Whether the unit named `name` (relative to its PATH argument) is this shard's.
    public func contains(unitNamed name: String) -> Bool {
        fnv1a64(name) % UInt64(count) == UInt64(index - 1)
    }

    public var description: String { "\(index)/\(count)" }
}
