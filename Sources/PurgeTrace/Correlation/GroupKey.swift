/// The group-by values of one group, aligned with `Grouping.keys`; nil where a pid-less
/// group has no pid (or a pid group has no known process).
struct GroupKey: Hashable, Sendable, Comparable {
    var values: [FieldValue?]

    /// Deterministic group order: the order in which groups are matched (a pid-less signal
    /// used by one group's match is no longer available to the next group's).
    static func < (a: GroupKey, b: GroupKey) -> Bool {
        for (x, y) in zip(a.values, b.values) where x != y {
            switch (x, y) {
            case (nil, _): return true
            case (_, nil): return false
            case (let x?, let y?): return x < y
            }
        }
        return a.values.count < b.values.count
    }
}
