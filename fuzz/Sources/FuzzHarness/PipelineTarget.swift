import PurgeTrace

/// Input: evidence analysed end to end with the shipped rules and rendered in every
/// report, export and timeline format, plain and redacted.
enum PipelineTarget {
    static func run(_ data: UnsafeRawBufferPointer) {
        guard TemporaryInput.write(data) else { return }
        let unit = EvidenceUnit(device: "fuzz", members: [.init(fileSystemPath: TemporaryInput.path, displayName: "device.log")])
        guard let result = try? ShippedRules.analyzer.analyze(units: [unit]) else { return }
        let analysis = Analyzer.combine(result, rulesLoaded: ShippedRules.ruleSet.count, ruleErrors: [])
        for format in ReportOptions.Format.allCases {
            for redact in [false, true] {
                _ = ReportOptions.writer(for: format).render(analysis, options: ReportOptions(redact: redact, color: true))
            }
        }
        for format in TimelineExporter.Format.allCases {
            _ = TimelineExporter(format: format).lines(for: analysis)
        }
        let view = TimelineView(color: true)
        for incident in analysis.incidents {
            guard let resolved = try? TimelineView.resolve(.incident(incident.id, margin: .minutes(5)), in: analysis) else { continue }
            _ = view.render(resolved, entries: TimelineView.entries(resolved, in: analysis))
        }
    }
}
