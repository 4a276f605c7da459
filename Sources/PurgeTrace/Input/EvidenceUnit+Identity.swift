extension EvidenceUnit {
    /// A unit's identity (contract §1): the SHA-256 of its sorted (member path, member
    /// SHA-256) pairs, from the facts of its sources. Each pair is hashed as
    /// `path NUL sha256 LF`, sorted by path bytes; sources that were not read (no hash:
    /// binary, unknown format, notes) are left out, so the identity names the text evidence.
    public static func identity(of sources: [SourceFacts]) -> String {
        var hasher = SHA256()
        let pairs = sources.filter { !$0.sha256.isEmpty }
            .map { ($0.path, $0.sha256) }
            .sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
        for (path, sha) in pairs {
            hasher.update(path)
            hasher.update([0])
            hasher.update(sha)
            hasher.update([10])
        }
        return hasher.finalizeHex()
    }
}
