/// The `sequence` extension (contract §4.3): ordered steps, optional steps, `where` with
/// `$N.field`, `timespan` from the first to the last observed step, `require-any`, and
/// `absent` windows.
///
/// Matching is leftmost-first and deterministic, like a regex engine's: an attempt starts
/// at the earliest signal that can fill a step (all steps before it optional) and takes,
/// in evidence order, each signal that fills a later step — the nearest one, skipping
/// only optional steps — until `timespan` from the first observed step has passed or the
/// last step is filled. Signals of a record that already filled a step, or used by an
/// earlier match of the rule, are passed over. A failed attempt consumes nothing and the
/// next signal is tried; a successful one owns its window: matching resumes with the first
/// signal after it closed, so repeated lines inside one chain (a second `rows_removed`, a
/// `reset_sync_did` logged per store) do not start a second match of the same rule.
/// A match whose last step fills early still owns the rest of its window (and steps it
/// skipped just before that last step may be filled late, out of order), except for a
/// record that starts the chain over (its signals fill only steps no later than the match's
/// first observed step): the app's `Items=0` logged before Core Data's closing
/// `reset_sync_did` must not turn that `reset_sync_did` into a second purge, while a second
/// logout within the hour is still its own match. An attempt also ends, before its window
/// does, where a strong (`require-any`) line begins another chain: a second reset minutes
/// after the first one's did-reset is a second purge, and matching resumes right after
/// the first chain's last step so the second keeps its own 134301 and recovery lines.
/// State is the one attempt in progress, bounded by `timespan`.
struct SequenceMatcher: Sendable {
    let rule: CorrelationRule
    let steps: [SequenceStepSpec]
    let requireAny: SignalNames
    let absences: [AbsenceCheck]

    init(rule: CorrelationRule) {
        self.rule = rule
        self.steps = rule.steps.map(SequenceStepSpec.init)
        self.requireAny = SignalNames(rule.requireAny)
        self.absences = rule.absent.map { AbsenceCheck(spec: $0, ruleTimespan: rule.timespan) }
    }

    /// Every signal a step or an absence refers to.
    var stepReferences: [String] { rule.steps.flatMap(\.signals) }
    var absentReferences: [String] { rule.absent.flatMap(\.signals) }

    /// Matches of one group. `used` carries the signals taken by earlier matches of the
    /// rule (in other groups too: a pid-less signal may be eligible for several).
    func matches(in group: SignalGroup, absentSignals: [Signal], bounds: EvidenceBounds,
                 used: inout Set<SignalKey>) -> [CorrelationMatch] {
        let events = group.signals
        // Where the require-any signals are: an attempt with none of them within its
        // window cannot succeed, and is not tried (an empty store logging `Items=0` every
        // second would otherwise start an attempt per line).
        let anchors = requireAny.isEmpty ? [] : events.indices.filter { requireAny.contains(events[$0]) }
        var nextAnchor = 0
        var out: [CorrelationMatch] = []
        var i = 0
        while i < events.count {
            if !requireAny.isEmpty {
                while nextAnchor < anchors.count, anchors[nextAnchor] < i { nextAnchor += 1 }
                guard nextAnchor < anchors.count else { break }
                if events[anchors[nextAnchor]].time - events[i].time > rule.timespan {
                    i += 1
                    continue
                }
            }
            guard !used.contains(events[i].signalKey),
                  let attempt = attempt(from: i, in: events, used: used)
            else {
                i += 1
                continue
            }
            guard var match = accept(attempt, group: group.key, absentSignals: absentSignals, bounds: bounds) else {
                i += 1
                continue
            }
            for step in match.steps { used.insert(step.signal.signalKey) }
            match.steps.sort { Signal.evidenceOrder($0.signal, $1.signal) }
            out.append(match)
            i = attempt.resume
        }
        return out
    }

    /// The steps one attempt filled, and where matching resumes if it is accepted.
    struct Attempt {
        var filled: [Signal?]
        var resume: Int
    }

    private func attempt(from start: Int, in events: [Signal], used: Set<SignalKey>) -> Attempt? {
        let first = events[start]
        var bindings = StepBindings(count: steps.count)
        guard let startStep = nextStep(after: -1, for: first, bindings: bindings) else { return nil }
        bindings.steps[startStep] = first
        var position = startStep
        var records: Set<RecordKey> = [first.recordKey]
        let deadline = first.time + rule.timespan
        var k = start + 1
        var lastFilled = start
        while k < events.count, position < steps.count - 1 {
            let signal = events[k]
            if signal.time > deadline { break }
            k += 1
            if used.contains(signal.signalKey) || records.contains(signal.recordKey) { continue }
            if beginsNewChain(signal, filled: bindings.steps) {
                // This chain ends with its last filled step; the next one may begin with
                // lines logged before `signal` (its 134301 and recovery lines).
                return accepted(bindings.steps, position: position, resume: lastFilled + 1)
            }
            if let step = nextStep(after: position, for: signal, bindings: bindings) {
                bindings.steps[step] = signal
                records.insert(signal.recordKey)
                position = step
                lastFilled = k - 1
            }
        }
        // Steps after the last filled one were not seen: a required one fails the attempt.
        guard accepted(bindings.steps, position: position, resume: k) != nil else { return nil }
        // The last step filled before the window closed: the window's remaining records
        // belong to this chain unless one starts it over. Steps skipped between the last
        // two observed steps may still be filled by them, out of order: the app's `Items=0`
        // is often logged before Core Data's closing `reset_sync_did` and "Recovered from
        // error", which are then evidence seen, not steps missing.
        if position == steps.count - 1 {
            // Only steps after the last observed one before the final step, in any order
            // among themselves (the closing lines' own order varies).
            let skipped = (bindings.steps[..<position].lastIndex { $0 != nil }).map { ($0 + 1)..<position }
            while k < events.count, events[k].time <= deadline,
                  !startsOver(at: k, startStep: startStep, in: events, used: used),
                  used.contains(events[k].signalKey) || !beginsNewChain(events[k], filled: bindings.steps) {
                let signal = events[k]
                if let skipped, !used.contains(signal.signalKey), !records.contains(signal.recordKey),
                   let step = skipped.first(where: { bindings.steps[$0] == nil && steps[$0].accepts(signal, bindings: bindings) }) {
                    bindings.steps[step] = signal
                    records.insert(signal.recordKey)
                }
                k += 1
            }
        }
        return Attempt(filled: bindings.steps, resume: k)
    }

    /// The attempt, unless a required step after the last filled one was not seen.
    private func accepted(_ filled: [Signal?], position: Int, resume: Int) -> Attempt? {
        if steps[(position + 1)...].contains(where: { !$0.optional }) { return nil }
        return Attempt(filled: filled, resume: resume)
    }

    /// Whether the record whose signals begin at `index` starts the chain over: one of its
    /// signals fills a step no later than `startStep` and none fills a later one (the
    /// "Recovered from error: …134301" line also carries 134301, but it is a chain's tail).
    /// The signals of one record are adjacent in evidence order.
    private func startsOver(at index: Int, startStep: Int, in events: [Signal], used: Set<SignalKey>) -> Bool {
        guard index == 0 || events[index - 1].recordKey != events[index].recordKey else { return false }
        let fresh = StepBindings(count: steps.count)
        var restarts = false
        var k = index
        while k < events.count, events[k].recordKey == events[index].recordKey {
            if !used.contains(events[k].signalKey), let step = nextStep(after: -1, for: events[k], bindings: fresh) {
                if step > startStep { return false }
                restarts = true
            }
            k += 1
        }
        return restarts
    }

    /// Whether `signal` begins another chain while this attempt is open: it is a
    /// `require-any` signal whose step comes before a `require-any` step the attempt has
    /// already filled — a second `WillResetSync` after this chain's `DidResetSync` is a
    /// second reset, not part of the first (when logged strictly later). A repeated line of the chain's last strong
    /// step (a `reset_sync_did` per store) and 134301 lines (not `require-any`) never are.
    private func beginsNewChain(_ signal: Signal, filled: [Signal?]) -> Bool {
        let fresh = StepBindings(count: steps.count)
        guard !requireAny.isEmpty, requireAny.contains(signal),
              let step = steps.indices.first(where: { steps[$0].accepts(signal, bindings: fresh) })
        else { return false }
        return filled.indices.contains { t in
            // Strictly later: lines of one instant are one chain whatever their order.
            guard t > step, let s = filled[t], s.time < signal.time else { return false }
            return requireAny.contains(s)
        }
    }

    /// The nearest step after `position` that `signal` fills, skipping only optional steps.
    private func nextStep(after position: Int, for signal: Signal, bindings: StepBindings) -> Int? {
        var j = position + 1
        while j < steps.count {
            if steps[j].accepts(signal, bindings: bindings) { return j }
            if !steps[j].optional { return nil }
            j += 1
        }
        return nil
    }

    private func accept(_ attempt: Attempt, group: GroupKey, absentSignals: [Signal],
                        bounds: EvidenceBounds) -> CorrelationMatch? {
        let observed = attempt.filled.enumerated().compactMap { i, s in s.map { MatchedStep(step: i, signal: $0) } }
        if !requireAny.isEmpty, !observed.contains(where: { requireAny.contains($0.signal) }) { return nil }
        var bindings = StepBindings(count: steps.count)
        bindings.steps = attempt.filled
        let records = Set(observed.map(\.signal.recordKey))
        var unconfirmed: [String] = []
        for absence in absences {
            switch absence.evaluate(filled: attempt.filled, bindings: bindings, records: records,
                                    candidates: absentSignals, bounds: bounds) {
            case .found: return nil
            case .confirmed: break
            case .unconfirmed(let why): unconfirmed.append(why)
            }
        }
        return CorrelationMatch(group: group, steps: observed, bindings: bindings, count: observed.count,
                                unconfirmed: unconfirmed)
    }
}
