import Foundation
import PurgeTrace

/// Finds the shipped rules directory for the installed binary, wherever it runs from:
/// `--rules-dir`, then `$PURGETRACE_RULES_DIR`, then `<prefix>/share/purgetrace/rules`
/// next to `<prefix>/bin/purgetrace`, then `rules/` beside the binary, then the `rules/`
/// of the source checkout the binary was built in (`.build/release/purgetrace`).
public enum RulesLocation {
    public static func shippedRulesDirectory(option: String?, environment: [String: String]) throws(ToolError) -> String {
        let fm = FileManager.default
        if let option {
            guard isDirectory(option) else { throw ToolError("rules directory not found: \(option)") }
            return option
        }
        if let env = environment["PURGETRACE_RULES_DIR"], !env.isEmpty {
            guard isDirectory(env) else { throw ToolError("PURGETRACE_RULES_DIR is not a directory: \(env)") }
            return env
        }
        let executable = URL(fileURLWithPath: executablePath()).resolvingSymlinksInPath()
        let binDirectory = executable.deletingLastPathComponent()
        var candidates = [
            binDirectory.deletingLastPathComponent().appendingPathComponent("share/purgetrace/rules").path,
            binDirectory.appendingPathComponent("rules").path,
        ]
        var ancestor = binDirectory
        for _ in 0..<5 {
            ancestor = ancestor.deletingLastPathComponent()
            if fm.fileExists(atPath: ancestor.appendingPathComponent("Package.swift").path) {
                candidates.append(ancestor.appendingPathComponent("rules").path)
                break
            }
        }
        if let found = candidates.first(where: isDirectory) { return found }
        throw ToolError("shipped rules not found (looked in \(candidates.joined(separator: ", "))); pass --rules-dir DIR")
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }

    static func executablePath() -> String {
        #if os(Linux)
        if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return link }
        #endif
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
    }
}
