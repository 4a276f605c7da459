@testable import PurgeTrace

/// Builds one device's signals for correlation tests, the way the rule engine would emit
/// them: each `add` is one record (one line of one source) with one or more signals.
struct Timeline {
    var device = "logs/device-a.log"
    var source = "logs/device-a.log"
    var process: String? = "MyApp"
    var pid: Int64? = 812
    /// 2026-03-14T01:00:00Z
    var origin = Instant(seconds: 1_773_450_000)
    private(set) var signals: [Signal] = []
    private var nextLine: [String: Int] = [:]
    private var hashes: [String: String] = [:]

    init(device: String = "logs/device-a.log", process: String? = "MyApp", pid: Int64? = 812) {
        self.device = device
        self.source = device
        self.process = process
        self.pid = pid
    }

    func at(_ seconds: Double) -> Instant {
        Instant(nanoseconds: origin.nanoseconds + Int64((seconds * 1e9).rounded()))
    }

    /// One record at `seconds` after the origin that emits `names` (the rule id of each is
    /// `<family>.<name>`: `coredata.` for the Core Data vocabulary, `app.` otherwise).
    @discardableResult
    mutating func add(_ seconds: Double, _ names: String..., fields: [String: FieldValue] = [:],
                      process: String? = nil, pid: Int64? = nil, pidless: Bool = false,
                      source: String? = nil, line: Int? = nil) -> [Signal] {
        let src = source ?? self.source
        let ln = line ?? { nextLine[src, default: 0] += 1; return nextLine[src]! }()
        if hashes[src] == nil { hashes[src] = SHA256.hex(of: src) }
        let sha = hashes[src]!
        let made = names.map { name in
            Signal(name: name, ruleID: Self.ruleID(for: name), time: at(seconds), device: device, source: src,
                   sourceSHA256: sha, line: ln, process: process ?? self.process,
                   pid: pidless ? nil : (pid ?? self.pid), fields: fields, text: "\(name) at +\(seconds)s")
        }
        signals += made
        return made
    }

    static let coreData: Set<String> = [
        "history_token_expired", "history_truncated", "export_failed", "import_failed", "import_succeeded",
        "recovery_attempted", "recovery_succeeded", "recovery_failed", "reset_sync_will", "reset_sync_did",
        "rows_removed", "wal_checkpoint", "incremental_vacuum",
    ]

    static func ruleID(for name: String) -> String { coreData.contains(name) ? "coredata.\(name)" : "app.\(name)" }

    /// Five checkpoints/vacuums within two seconds: one `vacuum_burst` from the shipped rule.
    mutating func vacuum(_ seconds: Double, count: Int = 5) {
        for i in 0..<count { add(seconds + Double(i) * 0.4, i % 2 == 0 ? "wal_checkpoint" : "incremental_vacuum") }
    }

    /// The device's evidence as the pipeline would report it: one scope per process seen,
    /// bounds from the first to the last signal (or as given), and gaps.
    func evidence(first: Double? = nil, last: Double? = nil, gaps: [(Double, Double)] = [],
                  scopes: [String: (Double, Double)]? = nil) -> DeviceEvidence {
        let times = signals.map(\.time)
        let lo = first.map(at) ?? times.min()
        let hi = last.map(at) ?? times.max()
        var spans: [String: ScopeSpan] = [:]
        if let scopes {
            for (p, (a, b)) in scopes { spans[p] = ScopeSpan(first: at(a), last: at(b)) }
        } else {
            for s in signals {
                guard let p = s.process else { continue }
                spans[p, default: ScopeSpan(first: s.time, last: s.time)].include(s.time)
            }
            if let lo, let hi { for p in spans.keys { spans[p]!.include(lo); spans[p]!.include(hi) } }
        }
        return DeviceEvidence(device: device, scopes: spans, gaps: gaps.map { Gap(from: at($0.0), to: at($0.1)) },
                              first: lo, last: hi)
    }
}
