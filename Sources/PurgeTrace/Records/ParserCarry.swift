/// A parser's memory of earlier lines, small and comparable (`RangeReadableParser`).
struct ParserCarry: Equatable, Sendable {
    var value: Int

    init(_ value: Int = 0) { self.value = value }
}
