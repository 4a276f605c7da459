/// A field's position inside a buffer (a line or a `ByteBuffer`): start offset and length.
/// `start < 0` means the field is absent, so records carry spans without optionals.
struct Span: Equatable {
    var start: Int
    var count: Int

    static let none = Span(start: -1, count: 0)

    @inline(__always) init(start: Int, count: Int) {
        self.start = start
        self.count = count
    }

    @inline(__always) init(_ start: Int, end: Int) {
        self.start = start
        self.count = end - start
    }

    @inline(__always) var isPresent: Bool { start >= 0 }
    @inline(__always) var end: Int { start + count }

    /// The same span moved by `delta` bytes (a field of a line copied at `delta`).
    @inline(__always) func shifted(by delta: Int) -> Span {
        start < 0 ? self : Span(start: start + delta, count: count)
    }
}
