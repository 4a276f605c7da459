/// Counts what one container layer produced and consumed, and stops it at the
/// decompression-bomb limits (`ContainerLimits`): a ratio per stream, a total per PATH.
final class LayerMeter {
    let kind: ContainerKind
    private let limits: ContainerLimits
    private let budget: DecompressionBudget
    private let consumed: () -> Int64
    private(set) var produced: Int64 = 0
    /// Set once a limit was hit; the layer reads nothing more.
    private(set) var stopNote: String?

    init(kind: ContainerKind, limits: ContainerLimits, budget: DecompressionBudget, consumed: @escaping () -> Int64) {
        self.kind = kind
        self.limits = limits
        self.budget = budget
        self.consumed = consumed
    }

    func add(_ n: Int) {
        produced += Int64(n)
        // Tar only frames bytes that an outer layer already counted.
        if kind.decompresses { budget.total += Int64(n) }
    }

    /// nil while within the limits; the warning once over them (checked before each read,
    /// so everything read so far is kept).
    func check() -> String? {
        if let stopNote { return stopNote }
        guard kind.decompresses else { return nil }
        let input = max(consumed(), 1)
        if produced > limits.ratioGrace && produced / input > limits.maxRatio {
            stopNote = "decompression limit: stopped the \(kind.rawValue) stream after \(produced) bytes "
                + "(more than \(limits.maxRatio) times its \(input) compressed bytes)"
        } else if budget.total > limits.maxTotalBytes {
            stopNote = "decompression limit: stopped after \(budget.total) decompressed bytes from this input "
                + "(limit \(limits.maxTotalBytes))"
        }
        return stopNote
    }
}
