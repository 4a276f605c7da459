/// Input coverage in the HTML report: one bar per source over the common time range,
/// with its gaps cut out, so a reader sees at a glance which stretch of time each file
/// covers and where the evidence has holes.
struct CoverageSVG {
    let inputs: [SourceFacts]

    static let width = 1000.0
    static let left = 50.0
    static let right = 30.0
    static let rowHeight = 34.0
    /// Beyond this many sources the chart would be unreadable; the table lists them all.
    static let maxRows = 200

    func render() -> String? {
        let timed = inputs.filter { $0.first != nil && $0.last != nil }
        guard let t0 = timed.compactMap(\.first).min(), let t1raw = timed.compactMap(\.last).max() else { return nil }
        let t1 = t1raw > t0 ? t1raw : t0 + .seconds(1)
        let axis = TimeAxis(from: t0, to: t1, x0: CoverageSVG.left, x1: CoverageSVG.width - CoverageSVG.right)
        let rows = Array(timed.prefix(CoverageSVG.maxRows))
        let height = Double(rows.count) * CoverageSVG.rowHeight + 40
        var svg = "<svg class=\"coverage\" viewBox=\"0 0 \(n(CoverageSVG.width)) \(n(height))\" role=\"img\" aria-label=\"time covered by each input\" xmlns=\"http://www.w3.org/2000/svg\">\n"
        for (k, input) in rows.enumerated() {
            let y = Double(k) * CoverageSVG.rowHeight + 14
            let first = input.first!, last = input.last!
            svg += "<text class=\"source-label\" x=\"\(n(10))\" y=\"\(n(y))\">\(SafeText.html(input.path))</text>\n"
            let x0 = axis.x(first), x1 = axis.x(last)
            svg += "<rect class=\"covered\" x=\"\(n(x0))\" y=\"\(n(y + 5))\" width=\"\(n(max(x1 - x0, 2)))\" height=\"10\">"
            svg += "<title>\(SafeText.html(input.path)): \(HumanFormat.time(first)) – \(HumanFormat.time(last))</title></rect>\n"
            for gap in input.gaps {
                let g0 = axis.x(gap.from), g1 = axis.x(gap.to)
                svg += "<rect class=\"gap\" x=\"\(n(g0))\" y=\"\(n(y + 3))\" width=\"\(n(max(g1 - g0, 2)))\" height=\"14\">"
                svg += "<title>\(SafeText.html(ReportText.gap(gap)))</title></rect>\n"
            }
        }
        let axisY = Double(rows.count) * CoverageSVG.rowHeight + 12
        svg += "<line class=\"axis\" x1=\"\(n(CoverageSVG.left))\" y1=\"\(n(axisY))\" x2=\"\(n(CoverageSVG.width - CoverageSVG.right))\" y2=\"\(n(axisY))\"/>\n"
        for tick in axis.ticks() {
            let x = axis.x(tick)
            svg += "<line class=\"tick\" x1=\"\(n(x))\" y1=\"\(n(axisY))\" x2=\"\(n(x))\" y2=\"\(n(axisY + 5))\"/>"
            svg += "<text class=\"tick-label\" x=\"\(n(x))\" y=\"\(n(axisY + 18))\" text-anchor=\"\(TimeAxis.anchor(x, width: CoverageSVG.width))\">\(HumanFormat.axisTime(tick, withDate: true))</text>\n"
        }
        svg += "</svg>"
        if timed.count > rows.count {
            svg += "\n<p class=\"note\">\(timed.count - rows.count) more inputs are listed in the table only.</p>"
        }
        return svg
    }
}

private func n(_ v: Double) -> String { TimeAxis.number(v) }
