/// Identity of one signal within a device: a signal is used by at most one match of a rule,
/// even when a pid-less signal is eligible for several groups.
struct SignalKey: Hashable, Sendable {
    var source: String
    var line: Int
    var ruleID: String
    var name: String
}
