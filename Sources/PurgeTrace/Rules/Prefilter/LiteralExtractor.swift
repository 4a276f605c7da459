/// Finds, for a pattern, a set of literals such that every match contains at least one
/// of them ("any of"). A sequence contributes its runs of consecutive literal characters;
/// an alternation needs a literal in every branch (the set is their union); an atom made
/// optional by `?`, `*` or `{0,…}` contributes nothing. Small alternations of exact strings
/// are multiplied out (`colou?r` → `color`, `colour`), up to `maxAlternatives`. The best
/// candidate is the set whose shortest literal is longest.
public enum LiteralExtractor {
    /// Sets larger than this are not built: a prefilter with many alternatives helps little.
    static let maxAlternatives = 16
    /// A shortest literal below this many bytes passes nearly every message: not worth using.
    public static let minimumUsefulLength = 3

    /// Literals every match of `pattern` contains (one of them), or nil when none is known.
    public static func requiredLiterals(_ pattern: String, caseless: Bool) -> [PrefilterLiteral]? {
        let syntax = RegexSyntax(pattern, caseless: caseless)
        guard let root = syntax.root else { return nil }
        let analysis = alternation(root)
        return usable(best(analysis.required, asRequired(analysis.exact)))
    }

    /// The set, if its shortest literal is long enough to be worth a prefilter.
    static func usable(_ set: [PrefilterLiteral]?) -> [PrefilterLiteral]? {
        guard let set, score(set).map({ $0.shortest >= minimumUsefulLength }) ?? false else { return nil }
        return set
    }

    struct Analysis {
        /// Every match of the node is exactly one of these strings.
        var exact: [PrefilterLiteral]?
        /// Every match of the node contains one of these.
        var required: [PrefilterLiteral]?
    }

    static func node(_ node: RegexSyntax.Node) -> Analysis {
        switch node {
        case .char(let bytes, let caseless):
            return Analysis(exact: [PrefilterLiteral(bytes: bytes, caseless: caseless)], required: nil)
        case .opaque:
            return Analysis(exact: nil, required: nil)
        case .group(let branches):
            return alternation(branches)
        case .repeated(let child, let low, let high):
            let inner = self.node(child)
            if low == 0 {
                if high == 1, let exact = inner.exact {
                    return Analysis(exact: union(exact, [PrefilterLiteral(bytes: [], caseless: false)]), required: nil)
                }
                return Analysis(exact: nil, required: nil)
            }
            if high == low, let exact = inner.exact {
                var product: [PrefilterLiteral]? = [PrefilterLiteral(bytes: [], caseless: false)]
                for _ in 0..<low { product = product.flatMap { multiply($0, exact) } }
                if let product { return Analysis(exact: product, required: nil) }
            }
            return Analysis(exact: nil, required: best(inner.required, asRequired(inner.exact)))
        }
    }

    static func alternation(_ branches: [[RegexSyntax.Node]]) -> Analysis {
        let analyses = branches.map(sequence)
        if analyses.count == 1 { return analyses[0] }
        var exact: [PrefilterLiteral]? = []
        var required: [PrefilterLiteral]? = []
        for a in analyses {
            exact = exact.flatMap { e in a.exact.flatMap { union(e, $0) } }
            let branchBest = best(a.required, asRequired(a.exact))
            required = required.flatMap { r in branchBest.flatMap { union(r, $0) } }
        }
        return Analysis(exact: exact, required: required.flatMap(asRequired))
    }

    static func sequence(_ nodes: [RegexSyntax.Node]) -> Analysis {
        let empty = PrefilterLiteral(bytes: [], caseless: false)
        var run: [PrefilterLiteral] = [empty]
        var wholeIsExact = true
        var found: [PrefilterLiteral]?
        for n in nodes {
            let a = node(n)
            if let exact = a.exact {
                if let joined = multiply(run, exact) {
                    run = joined
                } else {
                    found = best(found, asRequired(run))
                    run = exact
                    wholeIsExact = false
                }
            } else {
                found = best(found, asRequired(run))
                found = best(found, a.required)
                run = [empty]
                wholeIsExact = false
            }
        }
        found = best(found, asRequired(run))
        return Analysis(exact: wholeIsExact ? run : nil, required: found)
    }

    /// All concatenations `a + b`, or nil when there would be too many.
    static func multiply(_ a: [PrefilterLiteral], _ b: [PrefilterLiteral]) -> [PrefilterLiteral]? {
        guard a.count * b.count <= maxAlternatives else { return nil }
        var out: [PrefilterLiteral] = []
        for x in a {
            for y in b {
                let joined = x + y
                if !out.contains(joined) { out.append(joined) }
            }
        }
        return out
    }

    static func union(_ a: [PrefilterLiteral], _ b: [PrefilterLiteral]) -> [PrefilterLiteral]? {
        var out = a
        for y in b where !out.contains(y) { out.append(y) }
        return out.count <= maxAlternatives ? out : nil
    }

    /// An exact set used as a required set: only if no alternative is empty.
    static func asRequired(_ set: [PrefilterLiteral]?) -> [PrefilterLiteral]? {
        guard let set, !set.isEmpty, set.allSatisfy({ !$0.bytes.isEmpty }) else { return nil }
        return set
    }

    static func score(_ set: [PrefilterLiteral]) -> (shortest: Int, count: Int)? {
        guard let shortest = set.map(\.bytes.count).min(), shortest > 0 else { return nil }
        return (shortest, set.count)
    }

    /// The more selective of two required sets: longer shortest literal, then fewer
    /// alternatives, then case-sensitive, then the first.
    static func best(_ a: [PrefilterLiteral]?, _ b: [PrefilterLiteral]?) -> [PrefilterLiteral]? {
        guard let a, let sa = score(a) else { return b.flatMap { score($0) == nil ? nil : $0 } }
        guard let b, let sb = score(b) else { return a }
        if sa.shortest != sb.shortest { return sa.shortest > sb.shortest ? a : b }
        if sa.count != sb.count { return sa.count < sb.count ? a : b }
        let caselessA = a.contains { $0.caseless }, caselessB = b.contains { $0.caseless }
        if caselessA != caselessB { return caselessA ? b : a }
        return a
    }
}
