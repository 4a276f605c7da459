import PurgeTrace

/// Small container limits so a generated decompression bomb costs milliseconds, not the
/// 64 GiB a real run allows; small enough lines that a single input cannot be a giant one.
enum FuzzLimits {
    static let readOptions: ReadOptions = {
        var options = ReadOptions(time: TimeOptions(year: 2024))
        options.limits.maxTotalBytes = 8 << 20
        options.limits.ratioGrace = 1 << 20
        options.limits.maxRatio = 100
        options.limits.maxLineLength = 1 << 20
        return options
    }()
}
