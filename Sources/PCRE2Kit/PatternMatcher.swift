internal import CPCRE2

/// Why a match attempt stopped without an answer.
public enum MatchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The pattern exceeded the matcher's match limit (catastrophic backtracking).
    case matchLimitExceeded
    /// Any other PCRE2 matching error, with its message.
    case failed(code: Int32, message: String)

    public var description: String {
        switch self {
        case .matchLimitExceeded: return "match limit exceeded"
        case .failed(_, let message): return message
        }
    }
}

/// One successful match: the overall range and each group's range (nil when unset).
public struct PatternMatch: Equatable, Sendable {
    public let range: Range<Int>
    /// Index 0 is the whole match; 1... are the capturing groups.
    public let groups: [Range<Int>?]
}

/// Per-thread matching state. Not thread-safe; create one per worker.
public final class PatternMatcher {
    public static let defaultMatchLimit: UInt32 = 1_000_000

    private let matchData: OpaquePointer
    private let context: OpaquePointer
    private let jitStack: OpaquePointer?
    public let matchLimit: UInt32

    /// - Parameter matchLimit: PCRE2's limit on internal match steps; a pattern that
    ///   needs more fails with `MatchError.matchLimitExceeded` instead of hanging.
    public init(matchLimit: UInt32 = PatternMatcher.defaultMatchLimit) {
        self.matchLimit = matchLimit
        // 64 ovector pairs are plenty for rule patterns; PCRE2 reports rc == 0 if not.
        matchData = pcre2_match_data_create_8(64, nil)!
        context = pcre2_match_context_create_8(nil)!
        pcre2_set_match_limit_8(context, matchLimit)
        pcre2_set_depth_limit_8(context, matchLimit)
        pcre2_set_heap_limit_8(context, 64 * 1024)  // KiB, for the interpreter
        jitStack = pcre2_jit_stack_create_8(32 * 1024, 1024 * 1024, nil)
        if let jitStack { pcre2_jit_stack_assign_8(context, nil, UnsafeMutableRawPointer(jitStack)) }
    }

    deinit {
        if let jitStack { pcre2_jit_stack_free_8(jitStack) }
        pcre2_match_context_free_8(context)
        pcre2_match_data_free_8(matchData)
    }

    /// True when `pattern` matches somewhere in `subject` (no captures are read).
    public func matches(_ pattern: Pattern, in subject: UnsafeRawBufferPointer) throws(MatchError) -> Bool {
        try run(pattern, subject, from: 0) > 0
    }

    /// The first match at or after `start`, with all group ranges.
    public func firstMatch(
        of pattern: Pattern, in subject: UnsafeRawBufferPointer, from start: Int = 0
    ) throws(MatchError) -> PatternMatch? {
        let rc = try run(pattern, subject, from: start)
        guard rc > 0 else { return nil }
        let ovector = pcre2_get_ovector_pointer_8(matchData)!
        let unset = cpcre2_unset()
        var groups: [Range<Int>?] = []
        groups.reserveCapacity(pattern.groupCount + 1)
        for i in 0...pattern.groupCount {
            // Groups past rc (or past the ovector) did not take part in the match.
            if i >= Int(rc) || i >= 64 { groups.append(nil); continue }
            let lo = ovector[2 * i], hi = ovector[2 * i + 1]
            groups.append(lo == unset || hi == unset ? nil : Int(lo)..<Int(hi))
        }
        return PatternMatch(range: groups[0]!, groups: groups)
    }

    /// Convenience for Swift strings (tests, explain).
    public func firstMatch(of pattern: Pattern, in subject: String) throws(MatchError) -> PatternMatch? {
        let result = Array(subject.utf8).withUnsafeBytes { buffer in
            Result { () throws(MatchError) -> PatternMatch? in try firstMatch(of: pattern, in: buffer) }
        }
        return try result.get()
    }

    /// Returns PCRE2's rc: > 0 on a match, 0 when there is no match.
    private func run(_ pattern: Pattern, _ subject: UnsafeRawBufferPointer, from start: Int) throws(MatchError) -> Int32 {
        // An empty buffer may have a nil base address; PCRE2 needs a valid pointer.
        var empty: UInt8 = 0
        let base = subject.baseAddress?.assumingMemoryBound(to: UInt8.self)
        let rc = withUnsafePointer(to: &empty) { emptyPointer in
            pcre2_match_8(pattern.code, base ?? emptyPointer, subject.count, start, 0, matchData, context)
        }
        if rc >= 0 { return rc == 0 ? 64 : rc }
        switch rc {
        case PCRE2_ERROR_NOMATCH: return 0
        case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_JIT_STACKLIMIT:
            throw .matchLimitExceeded
        default:
            throw .failed(code: rc, message: Pattern.errorMessage(rc))
        }
    }
}
