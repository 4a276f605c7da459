import PurgeTrace

extension ScanCommand {
    /// `--max-unit-bytes`, `--max-ratio`, `--max-depth` over `ContainerLimits`' defaults.
    static func limits(_ invocation: Invocation) throws -> ContainerLimits {
        var limits = ContainerLimits()
        if let text = invocation.value("--max-unit-bytes") {
            guard let bytes = byteSize(text), bytes > 0 else {
                throw UsageError("invalid --max-unit-bytes '\(text)': expected a size like 500M, 64G or 1000000")
            }
            limits.maxTotalBytes = bytes
        }
        if let ratio = try invocation.integer("--max-ratio", in: 2...1_000_000_000) { limits.maxRatio = Int64(ratio) }
        if let depth = try invocation.integer("--max-depth", in: 1...64) { limits.maxDepth = depth }
        return limits
    }

    /// `123`, `500K`, `64G`, `2T` (powers of 1024; a trailing `B` or `iB` is allowed).
    static func byteSize(_ text: String) -> Int64? {
        var digits = Substring(text)
        for suffix in ["iB", "B"] where digits.hasSuffix(suffix) && digits.count > suffix.count {
            digits = digits.dropLast(suffix.count)
            break
        }
        let scales: [Character: Int64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
        var scale: Int64 = 1
        if let last = digits.last?.uppercased().first, let s = scales[last] {
            scale = s
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int64(digits) else { return nil }
        let (product, overflow) = n.multipliedReportingOverflow(by: scale)
        return overflow ? nil : product
    }
}
