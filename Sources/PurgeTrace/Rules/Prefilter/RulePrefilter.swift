/// Decides, from one scan of a message, which event rules can possibly match it.
///
/// Each rule gets a set of literals of which every matching message contains at least one:
/// the author's `prefilter:` literals, or literals extracted from its patterns (all `match`
/// patterns together, or one `match-all` pattern, whichever is more selective). A rule with
/// no usable literal is always tried. All literals of all rules go into one searcher.
///
/// A class, immutable after construction: every record goes through `scan`, and a struct
/// of arrays would be copied (retaining each array) at each call from a matcher.
public final class RulePrefilter: @unchecked Sendable {
    // @unchecked: the tables behind the raw pointers are written only in `init`.
    /// Where a rule's literals came from.
    public enum Origin: String, Sendable {
        case declared, extracted, none
    }

    /// Per event rule (in rule-set order): its literals (any of), or nil when it is always tried.
    public let ruleLiterals: [[PrefilterLiteral]?]
    public let origins: [Origin]
    let searcher: MultiLiteralSearcher
    /// The same searcher, used by `scan` without the retain and release a call through a
    /// stored reference costs on every record (`searcher` keeps it alive as long as self).
    private unowned(unsafe) let scanner: MultiLiteralSearcher
    /// Per literal id: the rules that need it.
    let rulesOfLiteral: [[Int32]]
    /// Rules tried whatever the message holds.
    let alwaysTried: [Int32]
    /// `rulesOfLiteral` flattened (literal `i`'s rules at `ruleStart[i]..<ruleStart[i + 1]`),
    /// for `scan`, which reads it for every literal found.
    private let ruleStart: UnsafeMutablePointer<Int32>
    private let ruleList: UnsafeMutablePointer<Int32>
    /// `alwaysTried`, for the same reason.
    private let alwaysList: UnsafeMutablePointer<Int32>
    private let alwaysCount: Int

    public init(rules: [EventRule]) {
        var ruleLiterals: [[PrefilterLiteral]?] = []
        var origins: [Origin] = []
        for rule in rules {
            let (literals, origin) = RulePrefilter.literals(for: rule)
            ruleLiterals.append(literals)
            origins.append(origin)
        }
        var ids: [PrefilterLiteral: Int] = [:]
        var unique: [PrefilterLiteral] = []
        var rulesOfLiteral: [[Int32]] = []
        var alwaysTried: [Int32] = []
        for (r, literals) in ruleLiterals.enumerated() {
            guard let literals else {
                alwaysTried.append(Int32(r))
                continue
            }
            for literal in literals {
                let id: Int
                if let known = ids[literal] {
                    id = known
                } else {
                    id = unique.count
                    ids[literal] = id
                    unique.append(literal)
                    rulesOfLiteral.append([])
                }
                if rulesOfLiteral[id].last != Int32(r) { rulesOfLiteral[id].append(Int32(r)) }
            }
        }
        self.ruleLiterals = ruleLiterals
        self.origins = origins
        let searcher = MultiLiteralSearcher(literals: unique)
        self.searcher = searcher
        self.scanner = searcher
        self.rulesOfLiteral = rulesOfLiteral
        self.alwaysTried = alwaysTried
        let flat = rulesOfLiteral.flatMap { $0 }
        var starts: [Int32] = [0]
        for rules in rulesOfLiteral { starts.append(starts.last! + Int32(rules.count)) }
        ruleStart = UnsafeMutablePointer<Int32>.allocate(capacity: starts.count)
        ruleStart.initialize(from: starts, count: starts.count)
        ruleList = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, flat.count))
        ruleList.initialize(from: flat, count: flat.count)
        alwaysList = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, alwaysTried.count))
        alwaysList.initialize(from: alwaysTried, count: alwaysTried.count)
        alwaysCount = alwaysTried.count
    }

    deinit {
        ruleStart.deallocate()
        ruleList.deallocate()
        alwaysList.deallocate()
    }

    /// Literals a message must hold (one of) for `rule` to match, and where they came from.
    public static func literals(for rule: EventRule) -> ([PrefilterLiteral]?, Origin) {
        if let declared = rule.declaredLiterals, !declared.isEmpty {
            return (declared.map { PrefilterLiteral($0, caseless: rule.caseless) }, .declared)
        }
        var best: [PrefilterLiteral]?
        let matchSets = rule.match.map { LiteralExtractor.requiredLiterals($0.source, caseless: rule.caseless) }
        if !matchSets.isEmpty, matchSets.allSatisfy({ $0 != nil }) {
            var union: [PrefilterLiteral] = []
            for set in matchSets.compactMap({ $0 }) {
                for literal in set where !union.contains(literal) { union.append(literal) }
            }
            if union.count <= 64 { best = union }
        }
        for pattern in rule.matchAll {
            best = LiteralExtractor.best(best, LiteralExtractor.requiredLiterals(pattern.source, caseless: rule.caseless))
        }
        return best.map { ($0, .extracted) } ?? (nil, .none)
    }

    /// Per-worker state: which literals and rules were seen in the current message.
    public struct Scratch {
        var generation: UInt32 = 0
        var literalSeen: [UInt32]
        var ruleSeen: [UInt32]
        /// Rules marked by the last scan (a message with none skips the rule loop).
        public internal(set) var passedCount = 0

        public init(for prefilter: RulePrefilter) {
            literalSeen = [UInt32](repeating: 0, count: prefilter.searcher.literals.count)
            ruleSeen = [UInt32](repeating: 0, count: prefilter.ruleLiterals.count)
        }

        /// True when the last `scan` found a literal of rule `index` (or the rule has none).
        @inline(__always)
        public func passes(_ index: Int) -> Bool { ruleSeen[index] == generation }
    }

    /// Marks in `scratch` every rule that may match `message`.
    public func scan(_ message: UnsafeRawBufferPointer, scratch: inout Scratch) {
        scratch.generation &+= 1
        if scratch.generation == 0 {
            // Wrapped around: forget old marks so none looks current.
            for i in scratch.literalSeen.indices { scratch.literalSeen[i] = 0 }
            for i in scratch.ruleSeen.indices { scratch.ruleSeen[i] = 0 }
            scratch.generation = 1
        }
        let generation = scratch.generation
        var passed = alwaysCount
        let (ruleStart, ruleList, alwaysList) = (self.ruleStart, self.ruleList, self.alwaysList)
        scratch.ruleSeen.withUnsafeMutableBufferPointer { ruleSeen in
            for k in 0..<passed { ruleSeen[Int(alwaysList[k])] = generation }
            scratch.literalSeen.withUnsafeMutableBufferPointer { literalSeen in
                var marker = Marker(literalSeen: literalSeen.baseAddress!, ruleSeen: ruleSeen.baseAddress!,
                                    ruleStart: ruleStart, ruleList: ruleList, generation: generation)
                scanner.scan(message, visitor: &marker)
                passed += marker.passed
            }
        }
        scratch.passedCount = passed
    }

    /// Marks the rules of each literal found, once per message; no closure, so nothing is
    /// retained per record.
    private struct Marker: LiteralVisitor {
        let literalSeen: UnsafeMutablePointer<UInt32>
        let ruleSeen: UnsafeMutablePointer<UInt32>
        let ruleStart: UnsafeMutablePointer<Int32>
        let ruleList: UnsafeMutablePointer<Int32>
        let generation: UInt32
        var passed = 0

        @inline(__always)
        mutating func found(_ id: Int) -> Bool {
            guard literalSeen[id] != generation else { return true }
            literalSeen[id] = generation
            for k in Int(ruleStart[id])..<Int(ruleStart[id + 1]) {
                let r = Int(ruleList[k])
                if ruleSeen[r] != generation {
                    ruleSeen[r] = generation
                    passed += 1
                }
            }
            return true
        }
    }

    /// The literals of rule `index` that occur in `message` (for `rules explain`).
    public func literalsFound(forRule index: Int, in message: UnsafeRawBufferPointer) -> [PrefilterLiteral] {
        guard let wanted = ruleLiterals[index] else { return [] }
        var found = Set<Int>()
        searcher.scan(message) { id in
            found.insert(id)
            return true
        }
        return wanted.filter { literal in
            let cut = literal.bytes.count > MultiLiteralSearcher.maxLiteralLength
                ? PrefilterLiteral(bytes: Array(literal.bytes.prefix(MultiLiteralSearcher.maxLiteralLength)), caseless: literal.caseless)
                : literal
            return found.contains { searcher.literals[$0] == cut }
        }
    }
}
