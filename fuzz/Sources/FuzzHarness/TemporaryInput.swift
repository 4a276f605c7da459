import Foundation

/// One file per fuzzing process holding the current input, for the targets that read
/// evidence from disk the way the tool does. In `/dev/shm` when there is one (no disk
/// writes per execution), rewritten for every input.
enum TemporaryInput {
    static let path: String = {
        let dir = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        return "\(dir)/purgetrace-fuzz-\(getpid()).bin"
    }()

    /// Writes `data` to `path`; false when the file system refused (the input is skipped).
    static func write(_ data: UnsafeRawBufferPointer) -> Bool {
        FileManager.default.createFile(atPath: path, contents: Data(data))
    }
}
