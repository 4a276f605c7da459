/// A unit's identity (contract §1): the SHA-256 of its sorted (member path, member
/// SHA-256) pairs. The same case re-submitted — whatever order its members were read
/// in — gets the same identity, so `scan` can skip it and `merge` can match it.
public enum UnitIdentity {
    /// - Parameter members: (reported path, SHA-256 hex) of each source of the unit.
    public static func sha256(members: [(path: String, sha256: String)]) -> String {
        let sorted = members.sorted {
            $0.path != $1.path ? $0.path.utf8.lexicographicallyPrecedes($1.path.utf8)
                : $0.sha256.utf8.lexicographicallyPrecedes($1.sha256.utf8)
        }
        var hasher = SHA256()
        for member in sorted {
            // NUL and newline cannot occur in a reported path or a hex digest, so the
            // encoding is unambiguous.
            hasher.update(member.path)
            hasher.update([0])
            hasher.update(member.sha256)
            hasher.update([10])
        }
        return hasher.finalizeHex()
    }

    /// Sources that were not read (binary, unknown format: no hash) are left out, so the
    /// identity names the text evidence.
    public static func sha256(of sources: [SourceFacts]) -> String {
        sha256(members: sources.filter { !$0.sha256.isEmpty }.map { (path: $0.path, sha256: $0.sha256) })
    }
}
