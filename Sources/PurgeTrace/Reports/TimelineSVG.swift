/// The SVG time axis of one incident in the HTML report: the observed steps as marks,
/// the app's snapshot writes and item counts in the same device + process scope, the
/// purge point, and the outcome window shaded in the outcome's color. Every text that
/// comes from a log goes through `SafeText.html`, in element content and attributes.
struct TimelineSVG {
    let incident: Incident
    /// The analysis's snapshot and count signals by device, in time order (see `context(of:)`).
    let context: [String: [Signal]]

    /// More marks than this in one lane are thinned (evenly, keeping the ones that matter).
    static let maxMarksPerLane = 40

    /// The signals timelines draw besides steps, picked and indexed once per report.
    static func context(of analysis: Analysis) -> [String: [Signal]] {
        var byDevice: [String: [Signal]] = [:]
        for s in analysis.signals where snapshotSignals.contains(s.name) || countSignals.contains(s.name) {
            byDevice[s.device, default: []].append(s)
        }
        return byDevice.mapValues { $0.sorted { $0.time < $1.time } }
    }

    /// The scope's context signals within `[t0, t1]` (binary search on time).
    private func scopeSignals(from t0: Instant, to t1: Instant) -> [Signal] {
        guard let all = context[incident.group.device] else { return [] }
        var lo = 0, hi = all.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if all[mid].time < t0 { lo = mid + 1 } else { hi = mid }
        }
        var out: [Signal] = []
        var k = lo
        while k < all.count, all[k].time <= t1 {
            if incident.group.process == nil || all[k].process == incident.group.process { out.append(all[k]) }
            k += 1
        }
        return out
    }

    static let width = 1000.0
    static let left = 120.0
    static let right = 30.0
    static let stepsY = 150.0
    static let snapshotsY = 195.0
    static let countsY = 235.0
    static let axisY = 265.0
    static let height = 300.0
    /// Rows for step labels between the top and the steps lane.
    static let labelRows = 7

    static let snapshotSignals: Set<String> = ["snapshot_written", "snapshot_restored"]
    static let countSignals: Set<String> = ["item_count"]

    func render() -> String {
        let i = incident
        let windowEnd = i.outcome == nil ? i.end : i.end + ReportText.outcomeWindow(i)
        var t0 = i.start
        var t1 = max(windowEnd, i.end)
        // Pull a close snapshot into view; a far one gets an arrow at the left edge.
        let span = max((t1 - t0).nanoseconds, 60_000_000_000)
        var farSnapshot: SnapshotRef?
        if let s = i.coverage?.snapshot {
            if s.time < t0 {
                if (t0 - s.time).nanoseconds <= span * 2 { t0 = s.time } else { farSnapshot = s }
            } else if s.time > t1 {
                t1 = s.time
            }
        }
        let pad = max((t1 - t0).nanoseconds / 20, 1_000_000_000)
        t0 = t0 - TimeSpan(nanoseconds: pad)
        t1 = t1 + TimeSpan(nanoseconds: pad)
        let scale = TimeAxis(from: t0, to: t1, x0: TimelineSVG.left, x1: TimelineSVG.width - TimelineSVG.right)

        let context = scopeSignals(from: t0, to: t1)
        let ref = i.coverage?.snapshot
        let isReference = { (s: Signal) in ref.map { $0.time == s.time && $0.line == s.line && $0.source == s.source } ?? false }
        let allSnapshots = context.filter { TimelineSVG.snapshotSignals.contains($0.name) }
        let allCounts = context.filter { TimelineSVG.countSignals.contains($0.name) }
        let snapshots = TimelineSVG.thin(allSnapshots) { isReference($0) || $0.name == "snapshot_restored" || TimelineSVG.isZero($0) }
        let counts = TimelineSVG.thin(allCounts, keep: TimelineSVG.isZero)

        var svg = "<svg class=\"timeline\" viewBox=\"0 0 \(n(TimelineSVG.width)) \(n(TimelineSVG.height))\" role=\"img\" aria-label=\"timeline of incident \(SafeText.html(i.id))\" xmlns=\"http://www.w3.org/2000/svg\">\n"
        // Lanes.
        for (label, y) in [("steps", TimelineSVG.stepsY), ("snapshots", TimelineSVG.snapshotsY), ("item counts", TimelineSVG.countsY)] {
            svg += "<line class=\"lane\" x1=\"\(n(TimelineSVG.left))\" y1=\"\(n(y))\" x2=\"\(n(TimelineSVG.width - TimelineSVG.right))\" y2=\"\(n(y))\"/>"
            svg += "<text class=\"lane-label\" x=\"8\" y=\"\(n(y + 4))\">\(label)</text>\n"
        }
        // Outcome window.
        if let outcome = i.outcome {
            let x0 = scale.x(i.end), x1 = scale.x(windowEnd)
            svg += "<rect class=\"window \(outcome.rawValue)\" x=\"\(n(x0))\" y=\"20\" width=\"\(n(max(x1 - x0, 1)))\" height=\"\(n(TimelineSVG.axisY - 20))\">"
            svg += "<title>outcome window \(SafeText.html(HumanFormat.duration(ReportText.outcomeWindow(i)))): \(outcome.rawValue)</title></rect>"
            svg += "<text class=\"window-label\" x=\"\(n(x1 - 4))\" y=\"34\" text-anchor=\"end\">outcome window (\(SafeText.html(HumanFormat.duration(ReportText.outcomeWindow(i))))): \(outcome.rawValue)</text>\n"
        }
        // Incident span.
        svg += "<rect class=\"span\" x=\"\(n(scale.x(i.start)))\" y=\"\(n(TimelineSVG.stepsY - 6))\" width=\"\(n(max(scale.x(i.end) - scale.x(i.start), 1)))\" height=\"12\"/>\n"
        // Purge point.
        if let c = i.coverage, let s = c.snapshot, let age = c.ageSeconds {
            let p = s.time + TimeSpan(nanoseconds: Int64(age * 1e9))
            if p >= t0, p <= t1 {
                let x = scale.x(p)
                svg += "<line class=\"purge\" x1=\"\(n(x))\" y1=\"40\" x2=\"\(n(x))\" y2=\"\(n(TimelineSVG.axisY))\"/>"
                svg += "<text class=\"purge-label\" x=\"\(n(x + 3))\" y=\"\(n(TimelineSVG.axisY - 4))\">purge point</text>\n"
            }
        }
        // Steps: numbered marks (the numbers of the evidence list) with labels packed
        // into rows above the lane, so marks seconds apart stay readable.
        var rows: [[(Double, Double)]] = Array(repeating: [], count: TimelineSVG.labelRows)
        for (k, step) in i.steps.enumerated() {
            let x = scale.x(step.time)
            let label = "\(k + 1) \(step.name)"
            let width = Double(label.count) * 6.3 + 6
            let anchorEnd = x + 4 + width > TimelineSVG.width - 4
            let interval = anchorEnd ? (x - 4 - width, x - 4) : (x + 4, x + 4 + width)
            let row = rows.firstIndex { $0.allSatisfy { $0.1 < interval.0 || $0.0 > interval.1 } } ?? TimelineSVG.labelRows - 1
            rows[row].append(interval)
            let y = TimelineSVG.stepsY - 16 - Double(row) * 15
            svg += "<g class=\"step\"><title>\(tooltip(step))</title>"
            svg += "<line class=\"leader\" x1=\"\(n(x))\" y1=\"\(n(TimelineSVG.stepsY - 6))\" x2=\"\(n(x))\" y2=\"\(n(y - 4))\"/>"
            svg += "<circle cx=\"\(n(x))\" cy=\"\(n(TimelineSVG.stepsY))\" r=\"6\"/>"
            svg += "<text x=\"\(n(anchorEnd ? x - 4 : x + 4))\" y=\"\(n(y))\"\(anchorEnd ? " text-anchor=\"end\"" : "")>\(SafeText.html(label))</text></g>\n"
        }
        // Snapshot writes (the coverage snapshot stands out; an empty one is red).
        for s in snapshots {
            let x = scale.x(s.time)
            let items = s.fields["items"]?.intValue
            var cls = s.name == "snapshot_restored" ? "snap restored" : (items == 0 ? "snap empty" : "snap")
            if let ref = i.coverage?.snapshot, ref.time == s.time, ref.line == s.line, ref.source == s.source { cls += " chosen" }
            let label = s.name == "snapshot_restored" ? "restored" : (items.map { HumanFormat.count($0) } ?? "?")
            svg += "<g class=\"\(cls)\"><title>\(tooltip(s))</title>"
            svg += "<rect x=\"\(n(x - 5))\" y=\"\(n(TimelineSVG.snapshotsY - 5))\" width=\"10\" height=\"10\"/>"
            svg += "<text x=\"\(n(x))\" y=\"\(n(TimelineSVG.snapshotsY - 9))\" text-anchor=\"middle\">\(SafeText.html(label))</text></g>\n"
        }
        if let s = farSnapshot {
            let ago = HumanFormat.duration(i.start - s.time)
            svg += "<g class=\"snap chosen far\"><title>snapshot \(SafeText.html(HumanFormat.time(s.time))) at \(SafeText.html(HumanFormat.location(s.source, s.line)))</title>"
            svg += "<path d=\"M \(n(TimelineSVG.left + 2)) \(n(TimelineSVG.snapshotsY)) l 10 -6 l 0 12 z\"/>"
            svg += "<text x=\"\(n(TimelineSVG.left + 16))\" y=\"\(n(TimelineSVG.snapshotsY + 4))\">snapshot \(SafeText.html(HumanFormat.count(s.items))) items, \(SafeText.html(ago)) before the start</text></g>\n"
        }
        // Item counts.
        for c in counts {
            let x = scale.x(c.time)
            let items = c.fields["items"]?.intValue
            svg += "<g class=\"count\(items == 0 ? " zero" : "")\"><title>\(tooltip(c))</title>"
            svg += "<path d=\"M \(n(x)) \(n(TimelineSVG.countsY - 6)) l 6 6 l -6 6 l -6 -6 z\"/>"
            svg += "<text x=\"\(n(x))\" y=\"\(n(TimelineSVG.countsY - 10))\" text-anchor=\"middle\">\(SafeText.html(items.map { HumanFormat.count($0) } ?? "?"))</text></g>\n"
        }
        for (lane, shown, all) in [(TimelineSVG.snapshotsY, snapshots.count, allSnapshots.count), (TimelineSVG.countsY, counts.count, allCounts.count)]
            where shown < all {
            svg += "<text class=\"lane-label\" x=\"8\" y=\"\(n(lane + 16))\">\(shown) of \(HumanFormat.count(all))</text>\n"
        }
        // Axis.
        svg += "<line class=\"axis\" x1=\"\(n(TimelineSVG.left))\" y1=\"\(n(TimelineSVG.axisY))\" x2=\"\(n(TimelineSVG.width - TimelineSVG.right))\" y2=\"\(n(TimelineSVG.axisY))\"/>\n"
        for tick in scale.ticks() {
            let x = scale.x(tick)
            svg += "<line class=\"tick\" x1=\"\(n(x))\" y1=\"\(n(TimelineSVG.axisY))\" x2=\"\(n(x))\" y2=\"\(n(TimelineSVG.axisY + 5))\"/>"
            svg += "<text class=\"tick-label\" x=\"\(n(x))\" y=\"\(n(TimelineSVG.axisY + 18))\" text-anchor=\"\(TimeAxis.anchor(x, width: TimelineSVG.width))\">\(HumanFormat.axisTime(tick, withDate: scale.spansDays))</text>\n"
        }
        svg += "<text class=\"axis-note\" x=\"\(n(TimelineSVG.width - TimelineSVG.right))\" y=\"\(n(TimelineSVG.height - 2))\" text-anchor=\"end\">UTC</text>\n"
        svg += "</svg>"
        return svg
    }

    static func isZero(_ s: Signal) -> Bool {
        if case .int(0)? = s.fields["items"] { return true }
        return false
    }

    /// At most `maxMarksPerLane` marks: every one `keep` says matters, the rest evenly spaced.
    static func thin(_ marks: [Signal], keep: (Signal) -> Bool) -> [Signal] {
        guard marks.count > maxMarksPerLane else { return marks }
        let kept = marks.filter(keep).prefix(maxMarksPerLane)
        let rest = marks.filter { !keep($0) }
        let budget = max(maxMarksPerLane - kept.count, 2)
        var picked = Array(kept)
        if !rest.isEmpty {
            for k in 0..<min(budget, rest.count) { picked.append(rest[k * rest.count / min(budget, rest.count)]) }
        }
        return picked.sorted { Signal.evidenceOrder($0, $1) }
    }

    private func tooltip(_ s: Signal) -> String {
        let head = "\(HumanFormat.time(s.time)) \(s.name) — \(HumanFormat.location(s.source, s.line))"
        let text = s.text.count > 300 ? String(s.text.prefix(300)) + "…" : s.text
        return SafeText.html(head + "\n" + text)
    }
}

private func n(_ v: Double) -> String { TimeAxis.number(v) }

/// A linear time axis with round ticks.
struct TimeAxis {
    let from: Instant
    let to: Instant
    let x0: Double
    let x1: Double

    /// Fixed-point numbers for SVG coordinates: one decimal, no locale, no exponent.
    static func number(_ v: Double) -> String {
        // Clamped: a coordinate is never near this, but a Double → Int64 conversion traps.
        let tenths = v.isFinite ? Int64((min(max(v, -1e15), 1e15) * 10).rounded()) : 0
        let sign = tenths < 0 ? "-" : ""
        let a = abs(tenths)
        return a % 10 == 0 ? "\(sign)\(a / 10)" : "\(sign)\(a / 10).\(a % 10)"
    }

    /// Tick labels near an edge are anchored inwards so they are not cut off.
    static func anchor(_ x: Double, width: Double) -> String {
        x < 45 ? "start" : (x > width - 45 ? "end" : "middle")
    }

    /// In Double: two instants far apart (a log with a wrong year) overflow Int64 nanoseconds.
    var spanNanoseconds: Double { max(Double(to.nanoseconds) - Double(from.nanoseconds), 1) }

    var spansDays: Bool { spanNanoseconds > 2 * 86_400 * 1_000_000_000 }

    func x(_ t: Instant) -> Double {
        let clamped = min(max(t, from), to)
        return x0 + (x1 - x0) * (Double(clamped.nanoseconds) - Double(from.nanoseconds)) / spanNanoseconds
    }

    /// About six ticks on a round step (1s … 7d).
    func ticks() -> [Instant] {
        let steps: [Int64] = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200,
                              86_400, 172_800, 604_800].map { $0 * 1_000_000_000 }
        let span = spanNanoseconds
        let step = steps.first(where: { span / Double($0) <= 8 }) ?? steps[steps.count - 1]
        var t = (from.nanoseconds / step) * step
        if t < from.nanoseconds { t += step }
        var out: [Instant] = []
        while t <= to.nanoseconds, out.count < 50 {
            out.append(Instant(nanoseconds: t))
            let (next, overflow) = t.addingReportingOverflow(step)
            if overflow { break }
            t = next
        }
        return out
    }
}
