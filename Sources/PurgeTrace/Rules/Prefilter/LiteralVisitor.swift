/// What `MultiLiteralSearcher.scan` tells of each literal occurrence it finds.
protocol LiteralVisitor {
    /// Literal `id` occurs; false stops the scan.
    mutating func found(_ id: Int) -> Bool
}
