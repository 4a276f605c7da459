extension UnitWalk {
    /// One PATH (or folder entry) of the unit. Only here does an unreadable path stop the
    /// run; deeper in a folder it is a note.
    func read(member: EvidenceUnit.Member) throws(ToolError) {
        let path = member.fileSystemPath
        if path == "-" {
            try readStream(FileStream.standardInput(), name: member.displayName, depth: 0)
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
            if case .failure(let error) = FileSystem.entries(path) { throw ToolError("cannot read \(path): \(error)") }
            try walkFolder(path, name: member.displayName, root: root, ancestors: [status.id])
            return
        }
        // A file, or a pipe given on the command line (`<(zcat x)`): read as a stream.
        try readStream(FileStream(path: path), name: member.displayName, depth: 0)
    }

    /// Entries in byte order, depth first. Hidden entries (`.DS_Store`, `.git`) are skipped.
    /// Symlinks to files are followed; a symlink to a folder never is: a loop or a folder
    /// outside the input gets a note, a folder inside it is read under its own name anyway.
    func walkFolder(_ path: String, name: String, root: String, ancestors: Set<FileSystem.FileID>) throws(ToolError) {
        let entries: [String]
        switch FileSystem.entries(path) {
        case .success(let e): entries = e
        case .failure(let error):
            note(name, "cannot read folder: \(error)")
            return
        }
        for entry in entries where !entry.hasPrefix(".") {
            let childPath = FileSystem.join(path, entry)
            let childName = FileSystem.join(name, entry)
            guard case .success(var status) = FileSystem.status(childPath, followLinks: false) else {
                note(childName, "cannot read: it vanished while reading")
                continue
            }
            if status.kind == .symlink {
                guard let target = followLink(childPath, name: childName, root: root, ancestors: ancestors) else { continue }
                status = target
            }
            switch status.kind {
            case .directory:
                if ancestors.contains(status.id) {
                    note(childName, "folder loop (a mount of a folder above it); not followed")
                } else if MemberName.isLogarchive(entry) {
                    note(childName, UnitWalk.logarchiveWarning)
                } else {
                    try walkFolder(childPath, name: childName, root: root, ancestors: ancestors.union([status.id]))
                }
            case .file:
                let stream: FileStream
                switch FileStream.open(childPath) {
                case .success(let s): stream = s
                case .failure(let error):
                    note(childName, "cannot read: \(error)")
                    continue
                }
                try readStream(stream, name: childName, depth: 0)
            case .other:
                note(childName, "not a regular file (device, socket or pipe); skipped")
            case .symlink:
                continue
            }
        }
    }

    /// What a symlink in a folder leads to, when it is to be read; nil when it is not (with a
    /// note when that loses something).
    private func followLink(_ path: String, name: String, root: String,
                            ancestors: Set<FileSystem.FileID>) -> FileSystem.Status? {
        let target: FileSystem.Status
        switch FileSystem.status(path) {
        case .success(let s): target = s
        case .failure(let error):
            note(name, error.isLoop ? "symbolic link loop; not followed" : "broken symbolic link (\(error)); skipped")
            return nil
        }
        let inside = FileSystem.realPath(path).map { isVisible($0, inside: root) } ?? false
        if target.kind == .directory {
            if ancestors.contains(target.id) {
                note(name, "symbolic link loop (points to a folder above it); not followed")
            } else if !inside {
                note(name, "symbolic link to a folder outside the input; not followed")
            }
            return nil
        }
        // A file inside the input is read under its own name; one outside, once.
        if inside { return nil }
        return linkedFilesRead.insert(target.id).inserted ? target : nil
    }

    /// Whether a resolved path lies inside `root` where the walk reads it (not hidden).
    private func isVisible(_ real: String, inside root: String) -> Bool {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard real.hasPrefix(prefix) else { return false }
        return !real.dropFirst(prefix.count).split(separator: "/").contains { $0.hasPrefix(".") }
    }
}
