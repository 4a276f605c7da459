import PurgeTrace

/// One fixture analysed in process with the shipped rules, for what the JSON report does
/// not show: the signals (a burst that made no incident, Xcode mirror lines not counted
/// twice, a 134301 left alone).
enum ChainAnalysis {
    static let rules: RuleSet = RuleLoader.load(paths: [TestPaths.rules.path]).ruleSet

    static func analyze(_ fixture: String) throws -> Analysis {
        let path = ChainRun.directory.appendingPathComponent(fixture).path
        return try Analyzer(ruleSet: rules, options: AnalysisOptions()).analyze(paths: [path])
    }
}

extension Analysis {
    /// How many signals of each name the evidence gave.
    var signalCounts: [String: Int] { signals.reduce(into: [:]) { $0[$1.name, default: 0] += 1 } }

    /// The `items` of every signal named `name`, in evidence order.
    func items(of name: String) -> [Int64] {
        signals.filter { $0.name == name }.compactMap { $0.fields["items"]?.intValue }
    }
}
