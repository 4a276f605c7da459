/// The process a CocoaLumberjack log file belongs to, from its name
/// `<prefix> yyyy-MM-dd--HH-mm-ss-SSS.log` (log-formats.md): its records name no process.
public enum LumberjackFileName {
    private static let compressionSuffixes = [".gz", ".bz2", ".xz", ".zst"]

    /// `com.example.app 2024-01-15--10-23-45-678.log` → `com.example.app`; nil for other names.
    public static func process<S: StringProtocol>(fromFileName name: S) -> String? {
        var base = Substring(String(name))
        for suffix in compressionSuffixes where base.hasSuffix(suffix) {
            base = base.dropLast(suffix.count)
        }
        guard base.hasSuffix(".log") else { return nil }
        base = base.dropLast(4)
        let stamp = Array(base.utf8.suffix(25))
        // " yyyy-MM-dd--HH-mm-ss-SSS": D = digit, everything else literal.
        let shape = Array(" DDDD-DD-DD--DD-DD-DD-DDD".utf8)
        guard stamp.count == shape.count, base.utf8.count > shape.count else { return nil }
        for (c, s) in zip(stamp, shape) {
            if s == UInt8(ascii: "D") {
                guard (48...57).contains(c) else { return nil }
            } else if c != s {
                return nil
            }
        }
        let prefix = String(decoding: base.utf8.dropLast(shape.count), as: UTF8.self)
        return prefix.isEmpty ? nil : prefix
    }
}
