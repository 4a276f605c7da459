import Foundation
import PurgeTrace

/// Where a command's output goes: standard output, or `--output FILE` written through a
/// temporary file and renamed into place, so a failed run never leaves half a report.
final class OutputTarget {
    let path: String?
    private let terminal: Terminal
    private var handle: FileHandle?
    private var temporaryPath: String?
    private var buffer: [UInt8] = []

    init(path: String?, terminal: Terminal) throws(ToolError) {
        self.path = path
        self.terminal = terminal
        guard let path else { return }
        let directory = (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) || !isDirectory.boolValue {
            throw ToolError("cannot write \(path): folder \(directory) does not exist")
        }
        let temporary = (directory.isEmpty ? "." : directory) + "/.\((path as NSString).lastPathComponent).purgetrace-\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary) else {
            throw ToolError("cannot write \(path): permission denied or read-only folder")
        }
        self.handle = handle
        self.temporaryPath = temporary
    }

    /// True when the output is a terminal (color and progress may be used).
    var isTerminal: Bool { path == nil && terminal.stdoutIsTTY }

    func write(_ text: String) throws(ToolError) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 20 { try flush() }
    }

    private func flush() throws(ToolError) {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        if let handle {
            do {
                try handle.write(contentsOf: buffer)
            } catch {
                abandon()
                throw ToolError("cannot write \(path ?? "output"): \(error.localizedDescription)")
            }
        } else {
            terminal.write(String(decoding: buffer, as: UTF8.self))
        }
    }

    /// Finishes the output: the file appears under its name only now.
    func close() throws(ToolError) {
        try flush()
        guard let handle, let temporaryPath, let path else { return }
        do {
            try handle.close()
            if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
            try FileManager.default.moveItem(atPath: temporaryPath, toPath: path)
        } catch {
            abandon()
            throw ToolError("cannot write \(path): \(error.localizedDescription)")
        }
        self.handle = nil
    }

    /// Drops a half-written file.
    func abandon() {
        try? handle?.close()
        handle = nil
        if let temporaryPath { try? FileManager.default.removeItem(atPath: temporaryPath) }
    }

    deinit { if handle != nil { abandon() } }
}
