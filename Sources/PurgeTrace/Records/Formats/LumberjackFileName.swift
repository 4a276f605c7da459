/// CocoaLumberjack's log file names: `<AppName> yyyy-MM-dd--HH-mm-ss-SSS.log`.
public enum LumberjackFileName {
    private static let dateShape = Array("0000-00-00--00-00-00-000".utf8)

    /// The app name of a log file's path (its last component, also inside an archive as
    /// `a.zip!/Logs/MyApp 2024-01-15--10-23-45-678.log`), or nil when the name has not
    /// this shape.
    public static func appName(of path: String) -> String? {
        let bytes = Array(path.utf8)
        var start = bytes.count
        while start > 0, bytes[start - 1] != UInt8(ascii: "/") { start -= 1 }
        let name = bytes[start...]
        var i = name.startIndex + 1
        while i + 1 + dateShape.count <= name.endIndex {
            let after = i + 1 + dateShape.count
            if name[i] == UInt8(ascii: " "), fitsDate(name, at: i + 1),
               after == name.endIndex || name[after] == UInt8(ascii: ".") {
                return String(decoding: name[name.startIndex..<i], as: UTF8.self)
            }
            i += 1
        }
        return nil
    }

    private static func fitsDate(_ name: ArraySlice<UInt8>, at start: Int) -> Bool {
        for (k, shape) in dateShape.enumerated() {
            let b = name[start + k]
            if shape == UInt8(ascii: "0") {
                guard b >= 48, b <= 57 else { return false }
            } else if b != shape {
                return false
            }
        }
        return true
    }
}
