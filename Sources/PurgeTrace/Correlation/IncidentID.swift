/// Stable incident ids (contract §2): the first 16 hex digits of SHA-256 over the rule id,
/// the kind, and each step's (source SHA-256, line, signal), steps in evidence order.
///
/// Byte layout: the UTF-8 of these parts joined with U+001F (unit separator), no
/// terminator — `ruleID ␟ kind ␟ sha₁ ␟ line₁ ␟ signal₁ ␟ sha₂ ␟ …`, lines in decimal.
/// A step whose source hash is unknown (empty) contributes its source name instead, so
/// that two sources never collapse into one id.
enum IncidentID {
    static let separator = "\u{1f}"

    static func make(ruleID: String, kind: String, steps: [Signal]) -> String {
        var parts = [ruleID, kind]
        for step in steps {
            parts.append(step.sourceSHA256.isEmpty ? step.source : step.sourceSHA256)
            parts.append(String(step.line))
            parts.append(step.name)
        }
        return String(SHA256.hex(of: parts.joined(separator: separator)).prefix(16))
    }
}
