import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the binary as an ordinary user, so that file permissions mean something: root
/// reads a mode-000 file and writes a read-only database. As root the child runs as
/// `nobody` through `setpriv`; as anyone else it runs directly.
enum Unprivileged {
    static let setpriv = "/usr/bin/setpriv"

    /// False only as root without `setpriv`: then permission hazards cannot be staged and
    /// the tests that need them are disabled (their trait names why).
    static var isAvailable: Bool {
        geteuid() != 0 || FileManager.default.isExecutableFile(atPath: setpriv)
    }

    static func run(_ arguments: [String], currentDirectory: URL? = nil, timeout: Double = 300) throws -> ChildRun {
        guard geteuid() == 0 else { return try ChildRun.run(arguments, currentDirectory: currentDirectory, timeout: timeout) }
        return try ChildRun.run(["--reuid=65534", "--regid=65534", "--clear-groups", "--", TestPaths.binary] + arguments,
                                executable: setpriv, currentDirectory: currentDirectory, timeout: timeout)
    }
}
