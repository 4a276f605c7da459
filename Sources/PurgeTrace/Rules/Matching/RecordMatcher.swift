import PCRE2Kit

/// Matches records against the event rules on one thread.
public final class RecordMatcher {
    public let engine: RuleEngine
    private let patterns: PatternMatcher
    /// The engine's prefilter and rule count, kept here so the per-record path reads them
    /// straight from `self`.
    private let prefilter: RulePrefilter
    private let ruleCount: Int
    private var scratch: RulePrefilter.Scratch
    public private(set) var stats = MatchStats()
    /// When false every rule is tried on every record (for measuring and checking the
    /// prefilter; results are the same either way).
    public var prefilterEnabled = true
    /// Rules that hit the match limit: count and the first place.
    private var limitHits: [Int: (count: Int, source: String, line: Int, detail: String)] = [:]

    init(engine: RuleEngine) {
        self.engine = engine
        self.patterns = PatternMatcher(matchLimit: engine.matchLimit)
        self.prefilter = engine.prefilter
        self.ruleCount = engine.ruleSet.eventRules.count
        self.scratch = RulePrefilter.Scratch(for: engine.prefilter)
    }

    /// Warnings such as a rule hitting the match limit (naming the rule and the line), one
    /// per rule, in rule order.
    public var warnings: [String] {
        limitHits.keys.sorted().map { index in
            let hit = limitHits[index]!
            let header = engine.ruleSet.eventRules[index].header
            var text = "rule \(header.id) (\(header.file):\(header.line)) \(hit.detail) on \(hit.source):\(hit.line)"
            if hit.count > 1 { text += " and \(hit.count - 1) more record\(hit.count == 2 ? "" : "s")" }
            return text + "; treated as not matching"
        }
    }

    /// Emits one signal per matching event rule, in rule order. `sourceSHA256` is left
    /// empty (the sink fills it when the source ends).
    public func match(_ record: RecordView, source: SourceInfo, emit: (Signal) -> Void) {
        guard screen(record) else { return }
        matchScreened(record, source: source, emit: emit)
    }

    /// The prefilter step of `match`: false (the record counted, its rules skipped) when no
    /// rule can match; then nothing else about the record or its source is looked at.
    @inline(__always)
    func screen(_ record: RecordView) -> Bool {
        stats.records += 1
        guard ruleCount > 0 else { return false }
        guard prefilterEnabled else { return true }
        prefilter.scan(record.message, scratch: &scratch)
        guard scratch.passedCount > 0 else {
            stats.rulesSkipped += ruleCount
            return false
        }
        return true
    }

    /// The rest of `match`, for a record `screen` let through.
    func matchScreened(_ record: RecordView, source: SourceInfo, emit: (Signal) -> Void) {
        tryRules(record, source: source, emit: emit)
    }

    /// The rules the prefilter let through (all of them when it is off), in rule order.
    private func tryRules(_ record: RecordView, source: SourceInfo, emit: (Signal) -> Void) {
        let rules = engine.ruleSet.eventRules
        var fields = RecordFields(record: record, source: source)
        for index in rules.indices {
            guard !prefilterEnabled || scratch.passes(index) else {
                stats.rulesSkipped += 1
                continue
            }
            stats.rulesTried += 1
            guard case .matched(let captured) = evaluate(index, record: record, fields: &fields) else { continue }
            let rule = rules[index]
            stats.signals += 1
            emit(Signal(name: rule.header.signal, ruleID: rule.header.id, time: record.time, device: source.device,
                        source: source.path, line: record.line, process: fields.process, pid: record.pid,
                        fields: captured, text: RecordView.string(record.text)))
        }
    }

    /// Adds what the matcher of the next byte range of the current source saw (its line
    /// numbers count from the range's first line, which is line `lineOffset + 1`).
    func append(_ later: RecordMatcher, lineOffset: Int) {
        stats.add(later.stats)
        for (rule, hit) in later.limitHits {
            if let first = limitHits[rule] {
                limitHits[rule] = (first.count + hit.count, first.source, first.line, first.detail)
            } else {
                limitHits[rule] = (hit.count, hit.source, hit.line + lineOffset, hit.detail)
            }
        }
    }

    /// Runs rule `index` on a record past the prefilter: `where`, then `match`, `match-all`
    /// and `not`. Also used by `rules explain`.
    func evaluate(_ index: Int, record: RecordView, fields: inout RecordFields) -> RuleVerdict {
        let rule = engine.ruleSet.eventRules[index]
        for condition in rule.conditions {
            let value = fields.value(condition.key)
            if !condition.holds(for: value) { return .whereFailed(key: condition.key, actual: value) }
        }
        let groups = engine.captures[index]
        var captured: [String: FieldValue] = [:]
        if !rule.match.isEmpty {
            var matched = false
            for (p, pattern) in rule.match.enumerated() {
                switch run(pattern, groups.match[p], on: record, rule: index, sourcePath: fields.source.path, into: &captured) {
                case .matched:
                    matched = true
                case .noMatch:
                    continue
                case .failed(let verdict):
                    return verdict
                }
                break
            }
            if !matched { return .patternDidNotMatch }
        }
        for (p, pattern) in rule.matchAll.enumerated() {
            switch run(pattern, groups.matchAll[p], on: record, rule: index, sourcePath: fields.source.path, into: &captured) {
            case .matched: continue
            case .noMatch: return .matchAllFailed(pattern: pattern.source)
            case .failed(let verdict): return verdict
            }
        }
        for pattern in rule.not {
            switch run(pattern, [], on: record, rule: index, sourcePath: fields.source.path, into: &captured) {
            case .matched: return .notMatched(pattern: pattern.source)
            case .noMatch: continue
            case .failed(let verdict): return verdict
            }
        }
        for (name, value) in rule.fields { captured[name] = value }
        return .matched(fields: captured)
    }

    private enum PatternRun {
        case matched, noMatch
        case failed(RuleVerdict)
    }

    private func run(_ pattern: RulePattern, _ groups: [RuleCaptures.Group], on record: RecordView, rule: Int,
                     sourcePath: String, into captured: inout [String: FieldValue]) -> PatternRun {
        stats.regexRuns += 1
        do {
            if groups.isEmpty {
                return try patterns.matches(pattern.pattern, in: record.message) ? .matched : .noMatch
            }
            guard let match = try patterns.firstMatch(of: pattern.pattern, in: record.message) else { return .noMatch }
            for group in groups {
                guard group.number < match.groups.count, let range = match.groups[group.number] else { continue }
                let bytes = UnsafeRawBufferPointer(rebasing: record.message[range])
                captured[group.name] = group.isInteger ? RecordMatcher.integer(bytes) : .string(RecordView.string(bytes))
            }
            return .matched
        } catch {
            stats.matchLimitHits += 1
            let detail = error == .matchLimitExceeded ? "hit the PCRE2 match limit" : "failed in PCRE2 (\(error))"
            if let hit = limitHits[rule] {
                limitHits[rule] = (hit.count + 1, hit.source, hit.line, hit.detail)
            } else {
                limitHits[rule] = (1, sourcePath, record.line, detail)
            }
            return .failed(.matchLimitExceeded(pattern: pattern.source))
        }
    }

    /// A capture of an integer field: `.int` when it reads as one (an optional sign, then
    /// digits), else the text, which `rules test` reports.
    static func integer(_ bytes: UnsafeRawBufferPointer) -> FieldValue {
        var value: Int64 = 0
        var negative = false
        var i = 0
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        guard i < bytes.count else { return .string(RecordView.string(bytes)) }
        while i < bytes.count {
            let b = bytes[i]
            guard b >= 0x30 && b <= 0x39 else { return .string(RecordView.string(bytes)) }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(Int64(b - 0x30))
            if o1 || o2 { return .string(RecordView.string(bytes)) }
            value = sum
            i += 1
        }
        return .int(negative ? -value : value)
    }
}
