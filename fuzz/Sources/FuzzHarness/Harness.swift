import PurgeTrace
public enum Harness {
    public static func formats(_ data: UnsafeRawBufferPointer) {
        guard let first = data.first else { return }
        let format = LogFormat.allCases[Int(first) % LogFormat.allCases.count]
        let context = SourceContext(path: "fuzz.log")
        var parser = format.makeParser(context: context)
        try? parser.feed(line: UnsafeRawBufferPointer(rebasing: data.dropFirst()), number: 1, offset: 0) { _ = $0.materialize() }
        try? parser.finish { _ = $0.materialize() }
    }
}
