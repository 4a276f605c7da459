/// What the prefilter knows about a rule set.
public struct PrefilterSummary: Sendable, Equatable {
    public var rules: Int
    /// Rules with author-declared `prefilter:` literals.
    public var declared: Int
    /// Rules with literals extracted from their patterns.
    public var extracted: Int
    /// Ids of rules tried on every record (no usable literal).
    public var alwaysTried: [String]
    /// Distinct literals the prefilter searches, and the size of its anchor table (distinct
    /// anchor hashes; the name is from the automaton it replaced).
    public var literals: Int
    public var automatonStates: Int
}
