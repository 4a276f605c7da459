/// What a source's times showed about their zone: printed offsets, zone-less times read
/// in a local zone, zone-less times given an earlier line's offset. The report's zone
/// origin is made from it, so two byte ranges of one source read apart report the same
/// origin as one parser reading both.
struct ZoneEvidence: Equatable {
    var sawOffset = false
    /// The local zone's origin (`--timezone Asia/Seoul`), once a zone-less time was read.
    var localOrigin: String?
    var borrowed = false

    static let offsetOrigin = "offset in each timestamp"

    /// "offset in each timestamp", "--timezone Asia/Seoul", or both; nil before any time.
    var origin: String? {
        var without: [String] = []
        if let localOrigin { without.append(localOrigin) }
        if borrowed { without.append("the offset printed on an earlier line") }
        if sawOffset {
            return without.isEmpty
                ? ZoneEvidence.offsetOrigin
                : "\(ZoneEvidence.offsetOrigin); lines without one: \(without.joined(separator: ", then "))"
        }
        return without.isEmpty ? nil : without.joined(separator: ", then ")
    }

    /// Everything either saw (the local origin is the same for every range of a source).
    func joined(with other: ZoneEvidence) -> ZoneEvidence {
        ZoneEvidence(sawOffset: sawOffset || other.sawOffset, localOrigin: localOrigin ?? other.localOrigin,
                     borrowed: borrowed || other.borrowed)
    }
}
