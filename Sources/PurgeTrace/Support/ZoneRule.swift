import Foundation

/// How local times without an offset become UTC: a fixed offset (`+09:00`) or an IANA
/// zone (`Asia/Seoul`) with its daylight-saving rules from the system's tz database.
///
/// DST policy (deterministic): a local time that occurs twice takes the earlier offset
/// (the first occurrence); a local time that does not exist (spring-forward gap) is read
/// with the offset in force before the gap, which moves it forward by the gap's length.
public struct ZoneRule: Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case fixed(seconds: Int)
        case named(String)
    }

    public let kind: Kind
    private let zone: TimeZone?

    public static let utc = ZoneRule(kind: .fixed(seconds: 0), zone: nil)

    private init(kind: Kind, zone: TimeZone?) {
        self.kind = kind
        self.zone = zone
    }

    /// Parses `UTC`, `Z`, `+09:00`, `-0500`, `+9` or an IANA zone name; nil if unknown.
    public init?(parsing text: String) {
        let t = text.trimmingCharacters(in: .whitespaces)
        if t == "UTC" || t == "Z" || t == "GMT" || t == "utc" {
            self.init(kind: .fixed(seconds: 0), zone: nil)
            return
        }
        if let first = t.first, first == "+" || first == "-" {
            var scanner = ByteScanner(Array(t.utf8))
            if let seconds = scanner.offset(), scanner.atEnd {
                self.init(kind: .fixed(seconds: seconds), zone: nil)
                return
            }
            // `+9` style single-digit hours
            if let hours = Int(t.dropFirst()), hours <= 18 {
                self.init(kind: .fixed(seconds: (first == "-" ? -1 : 1) * hours * 3600), zone: nil)
                return
            }
            return nil
        }
        guard t.contains("/"), let zone = TimeZone(identifier: t) else { return nil }
        self.init(kind: .named(t), zone: zone)
    }

    /// A fixed offset in seconds east of UTC.
    public static func fixed(_ seconds: Int) -> ZoneRule { ZoneRule(kind: .fixed(seconds: seconds), zone: nil) }

    public var description: String {
        switch kind {
        case .fixed(let seconds):
            if seconds == 0 { return "UTC" }
            let sign = seconds < 0 ? "-" : "+"
            return "\(sign)\(pad(abs(seconds) / 3600, 2)):\(pad(abs(seconds) % 3600 / 60, 2))"
        case .named(let name): return name
        }
    }

    /// Offset (seconds east of UTC) in force at a UTC instant.
    public func offset(at instant: Instant) -> Int {
        switch kind {
        case .fixed(let seconds): return seconds
        case .named:
            let date = Date(timeIntervalSince1970: Double(instant.nanoseconds / 1_000_000_000))
            return zone!.secondsFromGMT(for: date)
        }
    }

    /// The offset to read a local civil time with, following the DST policy above.
    public func offset(forLocal civil: CivilTime) -> Int {
        switch kind {
        case .fixed(let seconds): return seconds
        case .named:
            let local = civil.secondsAsUTC
            // The offsets in force half a day either side bracket any single transition.
            let before = offset(at: Instant(seconds: local - 43_200))
            let after = offset(at: Instant(seconds: local + 43_200))
            let valid = [before, after].filter { offset(at: Instant(seconds: local - Int64($0))) == $0 }
            if valid.isEmpty { return before }  // in a gap: move forward
            // Ambiguous: the earlier instant, i.e. the larger offset east.
            return valid.max()!
        }
    }

    /// The UTC instant of a local civil time in this zone, and the offset used.
    public func instant(forLocal civil: CivilTime) -> (Instant, Int) {
        let o = offset(forLocal: civil)
        return (civil.instant(offsetSeconds: o), o)
    }
}
