/// A scan's units: what `UnitPlanner` makes of each PATH (every entry directly inside a
/// folder, or the PATH itself), named for sharding relative to the PATH that produced
/// them, sorted by path in byte order, each once.
public enum ScanPlanner {
    /// - Parameter excluding: files that are never units, whatever folder they are in — the
    ///   scan's own database (and its `-wal`, `-shm`, `-journal`) and report, which a scan
    ///   of the folder they are written in would otherwise read back as cases next time.
    /// - Throws: `ToolError` for a PATH that is missing or unreadable; `-` is refused, as a
    ///   scan is resumable and standard input cannot be read twice.
    public static func units(paths: [String], shard: ScanShard? = nil, excluding: [String] = []) throws(ToolError) -> [ScanUnit] {
        let excluded = Set(excluding.flatMap { path in ["", "-wal", "-shm", "-journal"].compactMap { FileSystem.realPath(path + $0) } })
        var units: [ScanUnit] = []
        for path in paths {
            guard path != "-" else { throw ToolError("scan reads files and folders, not standard input (-); use analyze or ingest") }
            let base = FileSystem.trimmingTrailingSlashes(path)
            for unit in try UnitPlanner.units(paths: [path], sameDevice: false, deviceName: nil) {
                if !excluded.isEmpty, let real = FileSystem.realPath(unit.members[0].fileSystemPath), excluded.contains(real) { continue }
                units.append(ScanUnit(unit: unit, shardName: shardName(of: unit.device, base: base)))
            }
        }
        var seen: Set<String> = []
        return units
            .sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
            .filter { seen.insert($0.path).inserted }
            .filter { shard?.contains(unitNamed: $0.shardName) ?? true }
    }

    /// `inbox/case-7.tar.gz` under `inbox` → `case-7.tar.gz`; `logs/x.log` as its own PATH → `x.log`.
    static func shardName(of unitPath: String, base: String) -> String {
        let prefix = base.hasSuffix("/") ? base : base + "/"
        if unitPath.hasPrefix(prefix), unitPath.count > prefix.count { return String(unitPath.dropFirst(prefix.count)) }
        return String(FileSystem.lastComponent(base))
    }
}
