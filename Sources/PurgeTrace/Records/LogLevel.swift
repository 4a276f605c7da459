/// A record's severity, normalized across formats (`where: {level: …}` uses these names).
public enum LogLevel: String, Sendable, CaseIterable, Comparable {
    case debug, info, `default`, error, fault

    private var rank: Int {
        switch self {
        case .debug: return 0
        case .info: return 1
        case .default: return 2
        case .error: return 3
        case .fault: return 4
        }
    }

    public static func < (a: LogLevel, b: LogLevel) -> Bool { a.rank < b.rank }
}
