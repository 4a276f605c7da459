import PurgeTrace

/// Small helpers for the rules tests: load YAML from a string, run records through an engine.
enum RuleTesting {
    static func load(_ yaml: String, file: String = "test.yml") -> RuleLoader.Result {
        RuleLoader.load(sources: [RuleLoader.Source(name: file, text: yaml)])
    }

    static func load(_ files: [(String, String)]) -> RuleLoader.Result {
        RuleLoader.load(sources: files.map { RuleLoader.Source(name: $0.0, text: $0.1) })
    }

    static let source = SourceInfo(path: "logs/device.log", device: "device-a", format: .logShow)

    /// A record with only a message (and optional fields).
    static func record(_ message: String, process: String? = "Ledger", pid: Int64? = 812, subsystem: String? = nil,
                       category: String? = nil, level: LogLevel? = nil, line: Int = 1) -> LogRecord {
        var r = LogRecord(time: Instant(seconds: 1_741_940_467), message: message, text: message, line: line)
        r.process = process
        r.pid = pid
        r.subsystem = subsystem
        r.category = category
        r.level = level
        return r
    }

    static func signals(_ engine: RuleEngine, _ record: LogRecord, source: SourceInfo = source,
                        matcher: RecordMatcher? = nil) -> [Signal] {
        let m = matcher ?? engine.makeMatcher()
        var out: [Signal] = []
        record.withView { view in m.match(view, source: source) { out.append($0) } }
        return out
    }

    static func signals(_ ruleSet: RuleSet, _ message: String) -> [Signal] {
        signals(RuleEngine(ruleSet: ruleSet), record(message))
    }

    static var shipped: RuleLoader.Result { RuleLoader.load(paths: [TestPaths.rules.path]) }
}

/// A small deterministic random generator (SplitMix64), so property tests repeat exactly.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
