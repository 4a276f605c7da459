/// One parsed rule document: an event rule or a correlation rule.
enum ParsedRule {
    case event(EventRule)
    case correlation(CorrelationRule)

    var header: RuleHeader {
        switch self {
        case .event(let r): return r.header
        case .correlation(let r): return r.header
        }
    }
}
