/// Reads a JSON record's time: its timestamp string (`2026-07-26 18:11:22.348728+1200`,
/// `2024-01-15T10:23:45.123456789Z`), else a float of nanoseconds since the epoch.
enum JSONStamp {
    static func resolve(_ fields: JSONRecordFields, scratch: ByteBuffer, clock: inout SourceClock,
                        stamps: inout IsoPrefixCache) -> (Instant, Int)? {
        if fields.timestamp.isPresent {
            let line = LineBytes(scratch.bytes(fields.timestamp))
            guard case .ok(let stamp, let end) = line.isoStampAtStart(allowT: true, cache: &stamps), end == line.count
            else { return nil }
            return clock.resolve(stamp)
        }
        if let ns = fields.epochNanoseconds, Stamp.plausibleNanoseconds.contains(ns) {
            clock.noteOffsetSeen()
            return (Instant(nanoseconds: Int64(ns)), 0)
        }
        return nil
    }
}
