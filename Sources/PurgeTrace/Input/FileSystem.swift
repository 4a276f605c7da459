#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX calls the input layer needs, with `errno` turned into text. Plain POSIX
/// (not FileManager) so symlinks, loops and unreadable entries are seen exactly as they are.
enum FileSystem {
    /// Identity of a file or folder (device and inode): how a symlink loop is recognized.
    struct FileID: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    enum Kind: Equatable {
        case file, directory, symlink, other
    }

    struct Status {
        let kind: Kind
        let id: FileID
    }

    /// `stat` (follows symlinks) or `lstat`; the error text on failure.
    static func status(_ path: String, followLinks: Bool = true) -> Result<Status, ErrorText> {
        var st = stat()
        let rc = followLinks ? stat(path, &st) : lstat(path, &st)
        guard rc == 0 else { return .failure(ErrorText(errno: errno)) }
        let kind: Kind
        switch st.st_mode & S_IFMT {
        case S_IFREG: kind = .file
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symlink
        default: kind = .other
        }
        return .success(Status(kind: kind, id: FileID(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))))
    }

    /// Names directly inside a folder (without `.` and `..`), in byte order.
    static func entries(_ path: String) -> Result<[String], ErrorText> {
        guard let dir = opendir(path) else { return .failure(ErrorText(errno: errno)) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw -> String in
                let bytes = raw.prefix { $0 != 0 }
                return String(decoding: bytes, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    /// The canonical absolute path, or nil when it cannot be resolved (broken link, loop).
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func isReadable(_ path: String) -> ErrorText? {
        access(path, R_OK) == 0 ? nil : ErrorText(errno: errno)
    }

    /// `read(2)` under a name that does not clash with `read(into:)` methods.
    static func readBytes(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        read(fd, buffer.baseAddress, buffer.count)
    }

    /// `pread(2)`: reads at an offset without moving the descriptor's position, so several
    /// threads can read one descriptor at once.
    static func readBytes(_ fd: Int32, at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        pread(fd, buffer.baseAddress, buffer.count, off_t(offset))
    }

    /// The size of an open regular file; nil for anything else (a pipe, a device).
    static func regularFileSize(_ fd: Int32) -> Int64? {
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int64(st.st_size)
    }

    static func openForReading(_ path: String) -> Result<Int32, ErrorText> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        return fd >= 0 ? .success(fd) : .failure(ErrorText(errno: errno))
    }

    static func closeFile(_ fd: Int32) { _ = close(fd) }

    /// Joins a folder and an entry name as the user would write it (`inbox` + `a` → `inbox/a`).
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// A path without trailing slashes (`inbox/` → `inbox`), keeping `/` itself.
    static func trimmingTrailingSlashes(_ path: String) -> String {
        var s = Substring(path)
        while s.count > 1, s.hasSuffix("/") { s = s.dropLast() }
        return String(s)
    }

    /// The last path component (`a/b/c.log` → `c.log`).
    static func lastComponent(_ path: String) -> Substring {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return Substring(trimmed) }
        return trimmed[trimmed.index(after: slash)...]
    }
}

/// `strerror` text for an `errno`, e.g. "No such file or directory".
struct ErrorText: Error, CustomStringConvertible {
    let errno: Int32
    let description: String

    init(errno: Int32) {
        self.errno = errno
        self.description = String(cString: strerror(errno))
    }

    var isLoop: Bool { errno == ELOOP }
}
