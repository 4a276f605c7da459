/// How sources inside containers are named: `ARCHIVE!/MEMBER/PATH`, nested
/// `a.zip!/b.tar.gz!/c.log` (contract §1). A stored member name is only ever a name:
/// `../../x` or `/etc/x` are reported as written and never resolved on the file system.
enum MemberName {
    static func join(container: String, member: String) -> String {
        container + "!/" + clean(member)
    }

    /// Drops the `./` that `tar -C dir .` puts in front of every name, and a directory's
    /// trailing slash; keeps everything else as stored.
    static func clean(_ stored: String) -> String {
        var s = Substring(stored)
        while s.hasPrefix("./") { s = s.dropFirst(2) }
        while s.count > 1, s.hasSuffix("/") { s = s.dropLast() }
        return String(s)
    }

    /// The member path up to and including a `*.logarchive` component
    /// (`sd/system_logs.logarchive/Persist/0.tracev3` → `sd/system_logs.logarchive`).
    static func logarchivePrefix(_ memberPath: String) -> String? {
        var prefix: [Substring] = []
        for component in memberPath.split(separator: "/", omittingEmptySubsequences: false) {
            prefix.append(component)
            if isLogarchive(component) { return prefix.joined(separator: "/") }
        }
        return nil
    }

    /// Finder's `__MACOSX/…/._name` resource-fork twins in zips it makes.
    static func isFinderMetadata(_ memberPath: String) -> Bool {
        memberPath.hasPrefix("__MACOSX/")
    }

    static func isLogarchive<S: StringProtocol>(_ name: S) -> Bool {
        name.lowercased().hasSuffix(".logarchive")
    }

    /// The last component of a source name (`a.zip!/x/b.log` → `b.log`).
    static func fileName(_ name: String) -> Substring {
        FileSystem.lastComponent(name)
    }
}
