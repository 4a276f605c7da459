import Foundation

/// Finds and reads rule files. A directory is read recursively in sorted (byte) order,
/// taking `*.yml` and `*.yaml` and skipping hidden entries; a file named directly is read
/// whatever its extension.
enum RuleFiles {
    struct Problem: Error {
        let message: String
    }

    static func list(_ path: String) -> Result<[String], Problem> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(Problem(message: "rule path not found"))
        }
        guard isDirectory.boolValue else { return .success([path]) }
        var files: [String] = []
        var visited = Set<String>()
        walk(path, into: &files, visited: &visited, depth: 0)
        return .success(files)
    }

    private static func walk(_ directory: String, into files: inout [String], visited: inout Set<String>, depth: Int) {
        // Symbolic-link loops and absurd depths end the walk instead of hanging it.
        let real = (try? FileManager.default.destinationOfSymbolicLink(atPath: directory)).map {
            URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: directory)).standardizedFileURL.path
        } ?? URL(fileURLWithPath: directory).standardizedFileURL.path
        guard depth < 32, visited.insert(real).inserted else { return }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) where !name.hasPrefix(".") {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                walk(path, into: &files, visited: &visited, depth: depth + 1)
            } else if name.hasSuffix(".yml") || name.hasSuffix(".yaml") {
                files.append(path)
            }
        }
    }

    static func read(_ path: String, limit: Int) -> Result<[UInt8], Problem> {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return .failure(Problem(message: "cannot read rule file"))
        }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: limit + 1) else { return .success([]) }
        if data.count > limit {
            return .failure(Problem(message: "rule file is larger than \(limit >> 20) MiB"))
        }
        return .success([UInt8](data))
    }
}
