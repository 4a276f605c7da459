import YAMLKit

/// Loads rule files (YAML, contract §4) into a `RuleSet` with every problem found.
///
/// Each document is read completely even after an error, so a file's problems are all
/// reported at once, each naming the file, the line and the rule id. A rule with an error
/// is left out of the set; `Result.errors` tells the caller whether it may run the rules.
public enum RuleLoader {
    public struct Result: Sendable {
        public var ruleSet: RuleSet
        public var diagnostics: [RuleDiagnostic]
        public var errors: [RuleDiagnostic] { diagnostics.filter { $0.severity == .error } }
        public var warnings: [RuleDiagnostic] { diagnostics.filter { $0.severity == .warning } }

        public init(ruleSet: RuleSet, diagnostics: [RuleDiagnostic]) {
            self.ruleSet = ruleSet
            self.diagnostics = diagnostics
        }
    }

    /// One rule file's name (as reported) and text.
    public struct Source: Sendable {
        public var name: String
        public var bytes: [UInt8]
        public init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
        public init(name: String, text: String) { self.init(name: name, bytes: Array(text.utf8)) }
    }

    /// Rule files larger than this are refused (a rule file is a few kilobytes).
    public static let maxFileSize = 16 << 20

    /// Loads files and directories (`*.yml`, `*.yaml`, recursively, sorted) in order.
    public static func load(paths: [String]) -> Result {
        var sources: [Source] = []
        var diagnostics: [RuleDiagnostic] = []
        for path in paths {
            switch RuleFiles.list(path) {
            case .failure(let problem):
                diagnostics.append(RuleDiagnostic(.error, file: path, line: 0, ruleID: nil, message: problem.message))
            case .success(let files):
                for file in files {
                    switch RuleFiles.read(file, limit: maxFileSize) {
                    case .success(let bytes): sources.append(Source(name: file, bytes: bytes))
                    case .failure(let problem):
                        diagnostics.append(RuleDiagnostic(.error, file: file, line: 0, ruleID: nil, message: problem.message))
                    }
                }
            }
        }
        var result = load(sources: sources)
        result.diagnostics = diagnostics + result.diagnostics
        return result
    }

    /// Loads rule texts already in memory (tests, and rules embedded elsewhere).
    public static func load(sources: [Source]) -> Result {
        var ruleSet = RuleSet()
        var diagnostics: [RuleDiagnostic] = []
        var firstDefinition: [String: (file: String, line: Int)] = [:]
        var referenceLines: RuleReferences.ReferenceLines = [:]
        for source in sources {
            ruleSet.files.append(source.name)
            let documents: [YAMLDocument]
            do {
                documents = try YAMLLoader.load(bytes: source.bytes)
            } catch {
                diagnostics.append(RuleDiagnostic(.error, file: source.name, line: error.mark?.line ?? 0, ruleID: nil,
                                                  message: "YAML syntax error: \(error.message)"))
                continue
            }
            for document in documents {
                guard let root = document.root else { continue }
                if let scalar = root.scalar, scalar.isNull { continue }
                let reader = RuleNodeReader(file: source.name)
                let (rule, id, line) = RuleDocumentParser.parse(root, reader: reader)
                diagnostics += reader.diagnostics
                var duplicate = false
                if let id {
                    if let first = firstDefinition[id] {
                        diagnostics.append(RuleDiagnostic(.error, file: source.name, line: line, ruleID: id,
                                                          message: "duplicate id '\(id)' (first defined at \(first.file):\(first.line))"))
                        duplicate = true
                    } else {
                        firstDefinition[id] = (source.name, line)
                    }
                }
                guard let rule, !duplicate else { continue }
                switch rule {
                case .event(let r): ruleSet.eventRules.append(r)
                case .correlation(let r):
                    ruleSet.correlationRules.append(r)
                    referenceLines[r.header.id] = reader.referenceLines
                }
            }
        }
        diagnostics += RuleReferences.resolve(&ruleSet, lines: referenceLines)
        return Result(ruleSet: ruleSet, diagnostics: diagnostics)
    }
}
