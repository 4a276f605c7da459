import YAMLKit

/// Turns one YAML document into a rule. A document with a `correlation` key is a
/// correlation rule; any other is an event rule.
enum RuleDocumentParser {
    /// The rule (nil when the document has errors) and the id it declares, if readable,
    /// so duplicate ids are found even among broken rules.
    static func parse(_ root: YAMLNode, reader: RuleNodeReader) -> (rule: ParsedRule?, id: String?, line: Int) {
        let isCorrelation = root["correlation"] != nil
        let allowed = isCorrelation ? RuleKeys.correlationDocument : RuleKeys.event
        // The id first, so every later message can name it.
        if case .mapping = root, let idNode = root["id"], let id = idNode.scalar?.value, !(idNode.scalar?.isNull ?? true) {
            reader.ruleID = id
        }
        guard let map = reader.mapping(root, what: "a rule", allowed: allowed) else { return (nil, nil, root.mark.line) }
        let header = parseHeader(map, reader: reader)
        let rule: ParsedRule?
        if isCorrelation {
            rule = CorrelationRuleParser.parse(map, header: header, reader: reader).map(ParsedRule.correlation)
        } else {
            rule = EventRuleParser.parse(map, header: header, reader: reader).map(ParsedRule.event)
        }
        return (reader.hasErrors ? nil : rule, header.id.isEmpty ? nil : header.id, map.mark.line)
    }

    /// The header; its id is empty when the rule has none (an error is reported and the
    /// rest of the document is still read, so all of its problems show at once).
    static func parseHeader(_ map: NodeMap, reader: RuleNodeReader) -> RuleHeader {
        var id = ""
        if let idNode = map["id"] {
            if let text = reader.string(idNode, what: "id") {
                id = text
                reader.ruleID = id
                if !RuleKeys.isValidID(id) {
                    reader.error("invalid id '\(id)': use only a-z, 0-9, '_', '.' and '-'", at: idNode)
                }
            }
        } else {
            reader.error("rule has no id", line: map.mark.line)
        }
        var header = RuleHeader(id: id, file: reader.file, line: map.mark.line)
        if let node = map["title"] { header.title = reader.string(node, what: "title") }
        if let node = map["level"], let text = reader.string(node, what: "level") {
            if let level = RuleLevel(rawValue: text) {
                header.level = level
            } else {
                reader.error("bad level '\(text)' (expected one of: info, low, medium, high, critical)", at: node)
            }
        }
        if let node = map["signal"], let signal = reader.string(node, what: "signal") {
            if RuleKeys.isValidID(signal) {
                header.signal = signal
            } else {
                reader.error("invalid signal name '\(signal)': use only a-z, 0-9, '_', '.' and '-'", at: node)
            }
        }
        if let node = map["tags"] { header.tags = reader.strings(node, what: "tags") ?? [] }
        if let node = map["description"] { header.description = node.scalar?.value }
        for key in map.order where RuleKeys.sigmaMetadata.contains(key) {
            header.metadata[key] = RuleNodeReader.json(map.values[key]!)
        }
        return header
    }
}
