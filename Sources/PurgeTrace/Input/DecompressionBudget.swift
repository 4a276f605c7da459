/// Decompressed bytes produced under one PATH argument, against `ContainerLimits.maxTotalBytes`.
final class DecompressionBudget {
    var total: Int64 = 0
}
