/// A device's signals (event and correlation) by process: the device + process scope in
/// which outcome and coverage are judged, so that a relaunch under a new pid still shows
/// the recovery, and the snapshot written before the purge (incident-model.md §3, §5, §6).
struct ScopeIndex: Sendable {
    private let all: [Signal]
    private let byProcess: [String: [Signal]]

    /// - Parameter signals: in evidence order.
    init(signals: [Signal]) {
        all = signals
        var by: [String: [Signal]] = [:]
        for signal in signals {
            if let process = signal.process { by[process, default: []].append(signal) }
        }
        byProcess = by
    }

    /// The scope of a process, in evidence order; the whole device when the incident has
    /// no process.
    func scope(process: String?) -> Scope {
        Scope(signals: process.map { byProcess[$0] ?? [] } ?? all)
    }

    struct Scope: Sendable {
        let signals: [Signal]

        /// Index of the first signal after `signal` in evidence order.
        func index(after signal: Signal) -> Int {
            var lo = 0, hi = signals.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if Signal.evidenceOrder(signal, signals[mid]) { hi = mid } else { lo = mid + 1 }
            }
            return lo
        }

        /// Index of the first signal not before `signal` in evidence order.
        func index(notBefore signal: Signal) -> Int {
            var lo = 0, hi = signals.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if Signal.evidenceOrder(signals[mid], signal) { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }

        /// Signals after `signal` (evidence order) up to and including time `end`.
        func following(_ signal: Signal, until end: Instant) -> ArraySlice<Signal> {
            let start = index(after: signal)
            var stop = start
            while stop < signals.count, signals[stop].time <= end { stop += 1 }
            return signals[start..<stop]
        }

        /// Signals before `signal` in evidence order.
        func preceding(_ signal: Signal) -> ArraySlice<Signal> { signals[..<index(notBefore: signal)] }
    }
}
