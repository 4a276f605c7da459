internal import CYAML

/// Parses a YAML stream into documents of `YAMLNode`s.
public enum YAMLLoader {
    /// Cap on nodes copied by alias expansion, so a "billion laughs" file cannot exhaust memory.
    static let maxAliasExpansions = 100_000

    public static func load(_ text: String) throws(YAMLError) -> [YAMLDocument] {
        try load(bytes: Array(text.utf8))
    }

    public static func load(bytes: [UInt8]) throws(YAMLError) -> [YAMLDocument] {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else {
            throw YAMLError(message: "cannot initialize the YAML parser", mark: nil)
        }
        defer { yaml_parser_delete(parser) }
        let input = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        defer { input.deallocate() }
        _ = input.initialize(from: bytes)
        yaml_parser_set_input_string(parser, input.baseAddress, bytes.count)
        var builder = TreeBuilder()
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(parser, &event) == 1 else {
                throw parserError(parser.pointee)
            }
            defer { yaml_event_delete(&event) }
            if event.type == YAML_STREAM_END_EVENT { break }
            try builder.handle(event)
        }
        return builder.documents
    }

    private static func parserError(_ parser: yaml_parser_t) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        var message = problem
        if let context = parser.context.map({ String(cString: $0) }) { message = "\(problem) \(context)" }
        let mark = YAMLMark(line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
        return YAMLError(message: message, mark: mark)
    }
}

extension YAMLNode {
    /// Nodes in this subtree (itself included).
    var nodeCount: Int {
        switch self {
        case .scalar: return 1
        case .sequence(let items, _): return items.reduce(1) { $0 + $1.nodeCount }
        case .mapping(let pairs, _): return pairs.reduce(1) { $0 + $1.key.nodeCount + $1.value.nodeCount }
        }
    }
}

/// Turns the event stream into nodes with a stack of open collections.
private struct TreeBuilder {
    enum Open {
        case sequence([YAMLNode], YAMLMark, anchor: String?)
        case mapping([YAMLPair], pendingKey: YAMLNode?, YAMLMark, anchor: String?)
    }

    var documents: [YAMLDocument] = []
    var stack: [Open] = []
    var root: YAMLNode?
    var documentMark = YAMLMark(line: 1, column: 1)
    var anchors: [String: YAMLNode] = [:]
    var aliasExpansions = 0

    mutating func handle(_ event: yaml_event_t) throws(YAMLError) {
        let mark = YAMLMark(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            root = nil
            anchors = [:]
            documentMark = mark
        case YAML_DOCUMENT_END_EVENT:
            documents.append(YAMLDocument(root: root, mark: documentMark))
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let value = String(decoding: UnsafeBufferPointer(start: data.value, count: data.length), as: UTF8.self)
            let style: YAMLScalar.Style
            switch data.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: style = .literal
            case YAML_FOLDED_SCALAR_STYLE: style = .folded
            default: style = .plain
            }
            let tag = data.tag.map { String(cString: $0) }
            let node = YAMLNode.scalar(YAMLScalar(value: value, style: style, tag: tag, mark: mark))
            if let anchor = data.anchor { anchors[String(cString: anchor)] = node }
            try add(node)
        case YAML_ALIAS_EVENT:
            let name = event.data.alias.anchor.map { String(cString: $0) } ?? ""
            guard let node = anchors[name] else {
                throw YAMLError(message: "unknown alias '*\(name)'", mark: mark)
            }
            aliasExpansions += node.nodeCount
            if aliasExpansions > YAMLLoader.maxAliasExpansions {
                throw YAMLError(message: "too many alias expansions", mark: mark)
            }
            try add(node)
        case YAML_SEQUENCE_START_EVENT:
            stack.append(.sequence([], mark, anchor: event.data.sequence_start.anchor.map { String(cString: $0) }))
        case YAML_MAPPING_START_EVENT:
            stack.append(.mapping([], pendingKey: nil, mark, anchor: event.data.mapping_start.anchor.map { String(cString: $0) }))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let open = stack.popLast() else { return }
            let node: YAMLNode
            let anchor: String?
            switch open {
            case .sequence(let items, let m, let a):
                node = .sequence(items, mark: m)
                anchor = a
            case .mapping(let pairs, _, let m, let a):
                node = .mapping(pairs, mark: m)
                anchor = a
            }
            if let anchor { anchors[anchor] = node }
            try add(node)
        default:
            break
        }
    }

    private mutating func add(_ node: YAMLNode) throws(YAMLError) {
        guard let top = stack.popLast() else {
            root = node
            return
        }
        switch top {
        case .sequence(var items, let m, let a):
            items.append(node)
            stack.append(.sequence(items, m, anchor: a))
        case .mapping(var pairs, let key, let m, let a):
            if let key {
                pairs.append(YAMLPair(key: key, value: node))
                stack.append(.mapping(pairs, pendingKey: nil, m, anchor: a))
            } else {
                stack.append(.mapping(pairs, pendingKey: node, m, anchor: a))
            }
        }
    }
}
