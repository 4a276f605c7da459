/// Redaction of the model types: texts, paths and string fields are redacted; ids,
/// rule ids, signal names, hashes and numbers are kept so outputs stay joinable.
extension Redactor {
    /// An incident with its texts redacted (ids, rule ids and signal names are kept).
    public func redact(_ incident: Incident) -> Incident {
        var i = incident
        i.reason = redact(i.reason)
        i.group.device = redact(i.group.device)
        i.group.fields = redact(fields: i.group.fields)
        i.warnings = i.warnings.map { redact($0) }
        i.steps = i.steps.map { redact($0) }
        if var coverage = i.coverage, var snapshot = coverage.snapshot {
            snapshot.source = redact(snapshot.source)
            coverage.snapshot = snapshot
            i.coverage = coverage
        }
        return i
    }

    /// An analysis with every text redacted, walked in report order (inputs by path,
    /// incidents in report order, signals, warnings) so UUID numbering follows the
    /// order a reader meets them.
    public func redact(_ analysis: Analysis) -> Analysis {
        var a = analysis.inReportOrder
        a.inputs = a.inputs.map { input in
            var s = input
            s.path = redact(s.path)
            s.device = redact(s.device)
            s.warnings = s.warnings.map { redact($0) }
            s.zoneOrigin = redact(s.zoneOrigin)
            s.dateOrigin = redact(s.dateOrigin)
            return s
        }
        a.ruleErrors = a.ruleErrors.map { redact($0) }
        a.incidents = a.incidents.map { redact($0) }
        a.signals = a.signals.map { redact($0) }
        a.warnings = a.warnings.map { redact($0) }
        return a
    }

    /// A kept record with its texts redacted.
    public func redact(_ stored: StoredRecord) -> StoredRecord {
        var r = stored
        r.source = redact(r.source)
        r.device = redact(r.device)
        r.record.message = redact(r.record.message)
        r.record.text = redact(r.record.text)
        return r
    }
}
