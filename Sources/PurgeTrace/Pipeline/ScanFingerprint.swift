#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a unit looks like from the outside — size and modification time — read without
/// opening a file, so a re-scan can find a unit it already did in `unit_cache` instead of
/// hashing it again. A folder unit's size is the total of the files in it and its time
/// the latest of its files' and folders' (a folder's time changes when an entry is added,
/// removed or renamed), walked the way `UnitWalk` reads it: hidden entries skipped,
/// links to files followed, links to folders not.
public struct ScanFingerprint: Sendable, Equatable {
    public var size: Int64
    /// Nanoseconds since 1970.
    public var modified: Int64

    public init(size: Int64, modified: Int64) {
        self.size = size
        self.modified = modified
    }

    /// nil when the path cannot be looked at (the read will say why).
    public static func of(path: String) -> ScanFingerprint? {
        guard let top = Entry(path, followLinks: true) else { return nil }
        guard top.isDirectory else { return ScanFingerprint(size: top.size, modified: top.modified) }
        var fingerprint = ScanFingerprint(size: 0, modified: top.modified)
        walk(path, into: &fingerprint, depth: 0)
        return fingerprint
    }

    /// Deeper than this a folder is counted by its own time only (a loop the walk would not follow anyway).
    private static let maxDepth = 64

    private static func walk(_ folder: String, into fingerprint: inout ScanFingerprint, depth: Int) {
        guard depth < maxDepth, let dir = opendir(folder) else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            guard let own = Entry(path, followLinks: false) else { continue }
            fingerprint.modified = max(fingerprint.modified, own.modified)
            if own.isDirectory {
                walk(path, into: &fingerprint, depth: depth + 1)
            } else if own.isLink {
                continue  // never read (UnitWalk): its target counts where the walk meets it
            } else {
                fingerprint.size += own.size
            }
        }
    }

    /// One `stat`/`lstat`.
    private struct Entry {
        let isDirectory: Bool
        let isLink: Bool
        let size: Int64
        let modified: Int64

        init?(_ path: String, followLinks: Bool) {
            var st = stat()
            guard (followLinks ? stat(path, &st) : lstat(path, &st)) == 0 else { return nil }
            isDirectory = st.st_mode & S_IFMT == S_IFDIR
            isLink = st.st_mode & S_IFMT == S_IFLNK
            size = Int64(st.st_size)
            #if canImport(Darwin)
            modified = Int64(st.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(st.st_mtimespec.tv_nsec)
            #else
            modified = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
            #endif
        }
    }
}
