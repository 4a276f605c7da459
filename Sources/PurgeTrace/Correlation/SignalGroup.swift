/// One group's share of a rule's input, in evidence order.
struct SignalGroup: Sendable {
    var key: GroupKey
    var signals: [Signal]
}
