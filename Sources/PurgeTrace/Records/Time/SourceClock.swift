/// Converts one source's timestamps to instants and reports, in the source's context,
/// where their zone came from.
///
/// A printed offset is used as is and kept; a zone-less time goes through `LocalZone`.
/// Some formats mix both (old NSLog lines in an Xcode console), so the origin names each
/// kind seen: "offset in each timestamp", "--timezone Asia/Seoul", or both.
struct SourceClock {
    let context: SourceContext
    private var days = DayCache()
    private var local: LocalZone?
    private let makeLocal: (SourceContext) -> LocalZone
    private var sawOffset = false
    private var sawLocal = false
    private var borrowed = false

    init(context: SourceContext, localZone: @escaping (SourceContext) -> LocalZone = LocalZone.init(for:)) {
        self.context = context
        self.makeLocal = localZone
    }

    /// The instant of a full-date stamp, and the offset it was read with.
    @inline(__always) mutating func resolve(_ stamp: Stamp) -> (Instant, Int) {
        if let offset = stamp.offset {
            if !sawOffset { noteOffset() }
            return (days.instant(stamp, offset: offset), offset)
        }
        let seconds = days.localSeconds(stamp)
        return resolve(localSeconds: seconds, nanosecond: stamp.nanosecond)
    }

    /// The instant of a zone-less local time given as seconds (civil fields read as UTC).
    @inline(__always) mutating func resolve(localSeconds seconds: Int64, nanosecond: Int) -> (Instant, Int) {
        if !sawLocal { noteLocal() }
        let offset = local!.offset(localSeconds: seconds)
        return (Instant(nanoseconds: (seconds &- Int64(offset)) &* 1_000_000_000 &+ Int64(nanosecond)), offset)
    }

    /// The instant of a stamp with its own offset, given the day count of its date.
    @inline(__always) mutating func resolve(days: Int64, stamp: Stamp, offset: Int) -> Instant {
        if !sawOffset { noteOffset() }
        return Instant(nanoseconds: (stamp.localSeconds(days: days) &- Int64(offset)) &* 1_000_000_000
                       &+ Int64(stamp.nanosecond))
    }

    /// Notes that a zone-less time was given the offset printed on an earlier line.
    mutating func noteBorrowedOffset() {
        guard !borrowed else { return }
        borrowed = true
        updateOrigin()
    }

    /// Notes a time that carried its own offset without going through `resolve`.
    @inline(__always) mutating func noteOffsetSeen() {
        if !sawOffset { noteOffset() }
    }

    private mutating func noteOffset() {
        sawOffset = true
        updateOrigin()
    }

    private mutating func noteLocal() {
        sawLocal = true
        let zone = makeLocal(context)
        local = zone
        if let warning = zone.warning { context.warn(warning) }
        updateOrigin()
    }

    private func updateOrigin() {
        context.zoneEvidence = ZoneEvidence(sawOffset: sawOffset, localOrigin: local?.origin, borrowed: borrowed)
        if let origin = context.zoneEvidence.origin { context.zoneOrigin = origin }
    }
}
