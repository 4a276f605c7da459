/// One observed signal of a correlation match. `step` is the 0-based sequence step it
/// filled; nil for the events of a count or temporal correlation.
struct MatchedStep: Sendable {
    var step: Int?
    var signal: Signal
}
