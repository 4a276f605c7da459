import Foundation
import FuzzHarness

/// `purgetrace-fuzz TARGET FILE...` (a build without -DFUZZING): runs each file through
/// the target, the way libFuzzer would, and says which one it was on if it dies.
enum Replay {
    static func run(arguments: [String]) {
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
            FileHandle.standardError.write(Data("usage: purgetrace-fuzz \(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")) FILE...\n".utf8))
            exit(2)
        }
        for path in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("purgetrace-fuzz: cannot read \(path)\n".utf8))
                exit(2)
            }
            FileHandle.standardError.write(Data("running \(path) (\(data.count) bytes)\n".utf8))
            data.withUnsafeBytes { target.run($0) }
        }
        FileHandle.standardError.write(Data("done: \(arguments.count - 1) input(s), no crash\n".utf8))
    }
}
