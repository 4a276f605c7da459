/// Turns PATH arguments into evidence units (devices), incident-model.md §3.
///
/// - A folder: every visible entry directly inside it (an archive, a sub-folder or a loose
///   file) is one unit named `FOLDER/ENTRY`, the folder as given without a trailing slash.
///   Hidden entries (`.DS_Store`) are skipped. A folder that is itself one device's bundle —
///   named `sysdiagnose_…` or `*.logarchive` — stays one unit.
/// - A file or an archive: one unit named by the path as given.
/// - `-`: standard input, unit `stdin`.
/// - `--same-device` / `--device NAME`: one unit whose members are all the PATHs (folders
///   whole). It is named NAME, else by the first member name in byte order — the same
///   whatever the argument order.
///
/// Units come back sorted by name (byte order) and without duplicates, so the argument
/// order never changes the result.
public enum UnitPlanner {
    /// - Parameters:
    ///   - paths: PATH arguments as given (`-` is standard input).
    ///   - sameDevice: `--same-device`: all PATHs form one unit.
    ///   - deviceName: `--device NAME`: names that one unit (implies sameDevice).
    /// - Throws: `ToolError("cannot read PATH: reason")` for a PATH that is missing or unreadable.
    public static func units(paths: [String], sameDevice: Bool, deviceName: String?) throws(ToolError) -> [EvidenceUnit] {
        let together = sameDevice || deviceName != nil
        var members: [EvidenceUnit.Member] = []
        for path in paths {
            members += try plan(path, whole: together)
        }
        members = unique(members)
        if together {
            guard let first = members.first else { return [] }
            return [EvidenceUnit(device: deviceName ?? first.displayName, members: members)]
        }
        return members.map { EvidenceUnit(device: $0.displayName, members: [$0]) }
    }

    /// The members one PATH contributes: itself, or (a folder not read whole) its entries.
    private static func plan(_ path: String, whole: Bool) throws(ToolError) -> [EvidenceUnit.Member] {
        if path == "-" { return [EvidenceUnit.Member(fileSystemPath: "-", displayName: "stdin")] }
        let name = FileSystem.trimmingTrailingSlashes(path)
        let status: FileSystem.Status
        switch FileSystem.status(path) {
        case .success(let s): status = s
        case .failure(let error): throw ToolError("cannot read \(path): \(error)")
        }
        guard status.kind == .directory else {
            if let error = FileSystem.isReadable(path) { throw ToolError("cannot read \(path): \(error)") }
            return [EvidenceUnit.Member(fileSystemPath: name, displayName: name)]
        }
        let entries: [String]
        switch FileSystem.entries(path) {
        case .success(let e): entries = e
        case .failure(let error): throw ToolError("cannot read \(path): \(error)")
        }
        if whole || isOneDevice(folderName: FileSystem.lastComponent(name)) {
            return [EvidenceUnit.Member(fileSystemPath: name, displayName: name)]
        }
        guard let real = FileSystem.realPath(path) else { throw ToolError("cannot read \(path): cannot resolve it") }
        return entries.filter { !$0.hasPrefix(".") }.map { entry in
            let joined = FileSystem.join(name, entry)
            return EvidenceUnit.Member(fileSystemPath: joined, displayName: joined, folder: real)
        }
    }

    /// A folder that holds one device's evidence even when given as a PATH.
    private static func isOneDevice(folderName: Substring) -> Bool {
        MemberName.isLogarchive(folderName) || SysdiagnoseName(folderName) != nil
    }

    /// Sorted by name in byte order, each name once (`inbox` and `inbox/` are one PATH).
    private static func unique(_ members: [EvidenceUnit.Member]) -> [EvidenceUnit.Member] {
        var seen: Set<String> = []
        return members
            .sorted { $0.displayName.utf8.lexicographicallyPrecedes($1.displayName.utf8) }
            .filter { seen.insert($0.displayName).inserted }
    }
}
