extension Signal {
    /// The value a `where` key, a group-by key or a counted field names: the built-in
    /// record keys first, then the signal's fields. Sigma `aliases` let differently named
    /// fields of different signals stand for one name (`asset` ← `asset_id` in one rule).
    func lookupValue(_ key: String, aliases: [String: [String: String]] = [:]) -> FieldValue? {
        switch key {
        case "device": return .string(device)
        case "process": return process.map(FieldValue.string)
        case "pid": return pid.map(FieldValue.int)
        case "source": return .string(source)
        default:
            if let alias = aliases[key], let field = alias[name] ?? alias[ruleID] { return fields[field] }
            return fields[key]
        }
    }

    /// Identity of the record a signal came from: one record fills at most one step.
    var recordKey: RecordKey { RecordKey(source: source, line: line) }

    /// Identity of the signal itself: a signal is used by at most one match of a rule.
    var signalKey: SignalKey { SignalKey(source: source, line: line, ruleID: ruleID, name: name) }
}
