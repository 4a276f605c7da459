extension String {
    /// One decimal, without Foundation's locale-dependent formatting.
    init(format1 value: Double) {
        let tenths = Int64((value * 10).rounded())
        self = "\(tenths / 10).\(abs(tenths % 10))"
    }

    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
