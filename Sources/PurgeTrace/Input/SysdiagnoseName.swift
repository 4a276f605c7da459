/// The capture time in a sysdiagnose archive's or folder's name,
/// `sysdiagnose_2024.09.18_11-33-57+0200_iPhone-OS_iPhone_21G93.tar.gz`: local time and
/// offset of the device when it was captured. It dates logs whose lines lack a year or a
/// date (console copies, idevicesyslog) deterministically — never the file's mtime.
public struct SysdiagnoseName: Equatable, Sendable {
    public var captureTime: Instant
    /// Seconds east of UTC.
    public var offset: Int

    /// Parses one path component (`sysdiagnose_…` with or without extensions). Names without
    /// an offset are not used: their instant would be a guess.
    public init?<S: StringProtocol>(_ component: S) {
        var s = ByteScanner(Array(component.utf8))
        for b in "sysdiagnose_".utf8 where !s.expect(b) { return nil }
        guard let year = s.digits(4), s.expect(UInt8(ascii: ".")), let month = s.digits(2), s.expect(UInt8(ascii: ".")),
              let day = s.digits(2), s.expect(UInt8(ascii: "_")), let hour = s.digits(2), s.expect(UInt8(ascii: "-")),
              let minute = s.digits(2), s.expect(UInt8(ascii: "-")), let second = s.digits(2),
              let offset = s.offset()
        else { return nil }
        let civil = CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard civil.isValid else { return nil }
        self.captureTime = civil.instant(offsetSeconds: offset)
        self.offset = offset
    }

    /// The innermost sysdiagnose name along a source's path (`inbox/sysdiagnose_….tar.gz!/…/x.log`).
    public static func find(inSourcePath path: String) -> SysdiagnoseName? {
        var found: SysdiagnoseName?
        for component in path.split(separator: "/") {
            let name = component.hasSuffix("!") ? component.dropLast() : component
            if let parsed = SysdiagnoseName(name) { found = parsed }
        }
        return found
    }
}
