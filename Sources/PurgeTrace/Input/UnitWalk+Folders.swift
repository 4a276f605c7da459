extension UnitWalk {
    /// One PATH (or folder entry) of the unit. Only a PATH argument that is unreadable stops
    /// the run; a folder's entry is a note (or, for scan, a failed unit).
    func read(member: EvidenceUnit.Member) throws(ToolError) {
        let path = member.fileSystemPath
        if path == "-" {
            try readStream(FileStream.standardInput(), name: member.displayName, depth: 0)
            return
        }
        if let folder = member.folder {
            try read(entry: member, of: folder)
            return
        }
        let status: FileSystem.Status
        switch FileSystem.status(path) {
        case .success(let s): status = s
        case .failure(let error): throw ToolError("cannot read \(path): \(error)")
        }
        if status.kind == .directory {
            if MemberName.isLogarchive(FileSystem.lastComponent(path)) {
                note(member.displayName, UnitWalk.logarchiveWarning)
                return
            }
            guard let root = FileSystem.realPath(path) else { throw ToolError("cannot read \(path): cannot resolve it") }
            switch FileSystem.entries(path) {
            case .success(let entries):
                try walk(entries, in: path, name: member.displayName, root: root, ancestors: [status.id])
            case .failure(let error):
                throw ToolError("cannot read \(path): \(error)")
            }
            return
        }
        // A file, or a pipe given on the command line (`<(zcat x)`): read as a stream.
        try readStream(FileStream(path: path), name: member.displayName, depth: 0)
    }

    /// An entry of a folder PATH that is a unit of its own: read like an entry met while
    /// walking a folder, except that scan wants an unreadable one to fail its unit.
    private func read(entry member: EvidenceUnit.Member, of folder: String) throws(ToolError) {
        let path = member.fileSystemPath, name = member.displayName
        let cannotRead = { (reason: String) throws(ToolError) in
            if self.options.unreadableEntryFailsUnit { throw ToolError("cannot read \(path): \(reason)") }
            self.note(name, "cannot read: \(reason)")
        }
        switch FileSystem.status(path, followLinks: false) {
        case .success(let status):
            try read(path, name: name, status: status, root: folder, ancestors: []) { reason, _ throws(ToolError) in
                try cannotRead(reason)
            }
        case .failure(let error):
            try cannotRead("\(error)")
        }
    }

    /// A folder's entries in byte order, depth first. Hidden entries (`.DS_Store`, `.git`)
    /// are skipped; one that cannot be read is a note.
    private func walk(_ entries: [String], in folder: String, name: String, root: String,
                      ancestors: Set<FileSystem.FileID>) throws(ToolError) {
        for entry in entries where !entry.hasPrefix(".") {
            let childPath = FileSystem.join(folder, entry)
            let childName = FileSystem.join(name, entry)
            guard case .success(let status) = FileSystem.status(childPath, followLinks: false) else {
                note(childName, "cannot read: it vanished while reading")
                continue
            }
            try read(childPath, name: childName, status: status, root: root, ancestors: ancestors) { reason, isFolder in
                note(childName, isFolder ? "cannot read folder: \(reason)" : "cannot read: \(reason)")
            }
        }
    }

    /// One entry of a folder, by its own status. A symlink is never followed: one to
    /// something inside the input is read under its own name anyway, and one that leads
    /// outside (a loop, `/etc`, `~/.ssh/id_rsa` in a hostile bundle unpacked with its
    /// links) gets a note; a user who wants a file read names it. `cannotRead` gets the
    /// reason a file cannot be opened or a folder listed.
    private func read(_ path: String, name: String, status: FileSystem.Status, root: String,
                      ancestors: Set<FileSystem.FileID>,
                      cannotRead: (_ reason: String, _ isFolder: Bool) throws(ToolError) -> Void) throws(ToolError) {
        switch status.kind {
        case .directory:
            if ancestors.contains(status.id) {
                note(name, "folder loop (a mount of a folder above it); not followed")
            } else if MemberName.isLogarchive(FileSystem.lastComponent(path)) {
                note(name, UnitWalk.logarchiveWarning)
            } else {
                switch FileSystem.entries(path) {
                case .success(let entries):
                    try walk(entries, in: path, name: name, root: root, ancestors: ancestors.union([status.id]))
                case .failure(let error):
                    try cannotRead("\(error)", true)
                }
            }
        case .file:
            switch FileStream.open(path) {
            case .success(let stream): try readStream(stream, name: name, depth: 0)
            case .failure(let error): try cannotRead("\(error)", false)
            }
        case .other:
            note(name, "not a regular file (device, socket or pipe); skipped")
        case .symlink:
            noteLink(path, name: name, root: root, ancestors: ancestors)
        }
    }

    /// A symlink in a folder is not followed: a target inside the input is read under its
    /// own name; a target outside is not ours to read, and gets a note saying so, so nothing
    /// is skipped silently.
    private func noteLink(_ path: String, name: String, root: String, ancestors: Set<FileSystem.FileID>) {
        let target: FileSystem.Status
        switch FileSystem.status(path) {
        case .success(let s): target = s
        case .failure(let error):
            note(name, error.isLoop ? "symbolic link loop; not followed" : "broken symbolic link (\(error)); skipped")
            return
        }
        let inside = FileSystem.realPath(path).map { isVisible($0, inside: root) } ?? false
        if target.kind == .directory {
            if ancestors.contains(target.id) {
                note(name, "symbolic link loop (points to a folder above it); not followed")
            } else if !inside {
                note(name, "symbolic link to a folder outside the input; not followed")
            }
        } else if !inside {
            note(name, "symbolic link to a file outside the input; not followed (name the file itself to read it)")
        }
    }

    /// Whether a resolved path lies inside `root` where the walk reads it (not hidden).
    private func isVisible(_ real: String, inside root: String) -> Bool {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard real.hasPrefix(prefix) else { return false }
        return !real.dropFirst(prefix.count).split(separator: "/").contains { $0.hasPrefix(".") }
    }
}
