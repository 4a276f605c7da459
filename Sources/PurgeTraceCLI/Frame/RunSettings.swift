import Foundation
import PurgeTrace

/// The second parsing stage: raw options resolved into the objects a run needs
/// (read options, devices, jobs). Every mistake is a usage error naming the option.
enum RunSettings {
    static func analysisOptions(_ invocation: Invocation) throws -> AnalysisOptions {
        var read = ReadOptions()
        if let name = invocation.value("--input-format") {
            guard let format = LogFormat(rawValue: name) else { throw UsageError("unknown input format '\(name)'") }
            read.inputFormat = format
        }
        if let zone = invocation.value("--timezone") {
            guard let rule = ZoneRule(parsing: zone) else {
                throw UsageError("invalid --timezone '\(zone)': expected an IANA zone like Asia/Seoul or an offset like +09:00")
            }
            read.time.zone = rule
        }
        if let year = try invocation.integer("--year", in: 1970...2200) { read.time.year = year }
        if let text = invocation.value("--date") {
            guard let day = Instant(iso8601: text), text.count == 10 else {
                throw UsageError("invalid --date '\(text)': expected YYYY-MM-DD")
            }
            let civil = CivilTime(instant: day, offsetSeconds: 0)
            read.time.date = CivilTime(year: civil.year, month: civil.month, day: civil.day)
        }
        read.since = try instant(invocation, "--since")
        read.until = try instant(invocation, "--until")
        if let since = read.since, let until = read.until, until <= since {
            throw UsageError("--until must be later than --since")
        }
        for alias in invocation.all("--process-alias") {
            let parts = alias.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw UsageError("invalid --process-alias '\(alias)': expected FROM=TO")
            }
            read.processAliases[parts[0]] = parts[1]
        }
        let jobs = try invocation.integer("--jobs", in: 1...1024) ?? ProcessInfo.processInfo.activeProcessorCount
        return AnalysisOptions(read: read, sameDevice: invocation.has("--same-device"),
                               deviceName: invocation.value("--device"), jobs: jobs)
    }

    static func instant(_ invocation: Invocation, _ name: String) throws -> Instant? {
        guard let text = invocation.value(name) else { return nil }
        guard let instant = Instant(iso8601: text) else {
            throw UsageError("invalid \(name) '\(text)': expected ISO 8601 like 2026-03-14T01:02:03Z")
        }
        return instant
    }
}
