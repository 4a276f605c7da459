import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny file system to fill up: a tmpfs of a few hundred KiB, mounted for one test
/// (Linux, root). Elsewhere the full-disk test is disabled and says why.
enum FullDisk {
    static let isAvailable: Bool = {
        #if os(Linux)
        guard geteuid() == 0 else { return false }
        let probe = TestPaths.temporaryDirectory("mount-probe")
        guard mountTmpfs(at: probe.path, size: "64k") else { return false }
        unmount(probe.path)
        return true
        #else
        return false
        #endif
    }()

    static func withMount<T>(size: String, _ body: (URL) throws -> T) throws -> T {
        let dir = TestPaths.temporaryDirectory("full-disk")
        guard mountTmpfs(at: dir.path, size: size) else { throw MountError(path: dir.path) }
        defer { unmount(dir.path) }
        return try body(dir)
    }

    struct MountError: Error, CustomStringConvertible {
        let path: String
        var description: String { "cannot mount a tmpfs at \(path)" }
    }

    private static func mountTmpfs(at path: String, size: String) -> Bool {
        run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", path])
    }

    private static func unmount(_ path: String) {
        _ = run("/bin/umount", [path])
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: tool) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
