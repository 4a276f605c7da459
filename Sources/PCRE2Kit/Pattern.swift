// PCRE2Kit: the only code that knows PCRE2.
//
// A `Pattern` is compiled once (with JIT when the platform has it) and shared by all
// threads; each thread matches through its own `PatternMatcher`, which owns the match
// data, match context (with the match limit) and JIT stack that PCRE2 requires per
// thread. Subjects are raw bytes: patterns are compiled with PCRE2_MATCH_INVALID_UTF
// so a log line with broken UTF-8 still matches. All offsets are byte offsets.
internal import CPCRE2

/// A pattern that failed to compile: PCRE2's message and the byte offset in the pattern.
public struct PatternError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public let offset: Int

    public var description: String { "\(message) at offset \(offset)" }
}

/// A compiled PCRE2 pattern; immutable and safe to share between threads.
public final class Pattern: @unchecked Sendable {
    public struct Options: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let caseless = Options(rawValue: 1)
        /// Compile only; do not JIT (for tests and for explaining).
        public static let noJIT = Options(rawValue: 2)
    }

    /// The pattern text as given.
    public let source: String
    /// Names of named groups by group number.
    public let groupNames: [Int: String]
    /// Number of capturing groups.
    public let groupCount: Int
    /// True when the JIT compiler accepted the pattern.
    public let isJITCompiled: Bool

    let code: OpaquePointer

    public init(_ source: String, options: Options = []) throws(PatternError) {
        var flags = UInt32(PCRE2_UTF) | UInt32(PCRE2_MATCH_INVALID_UTF)
        if options.contains(.caseless) { flags |= UInt32(PCRE2_CASELESS) }
        var errorCode: Int32 = 0
        var errorOffset: Int = 0
        let bytes = Array(source.utf8)
        let compiled = bytes.withUnsafeBufferPointer { buffer in
            pcre2_compile_8(buffer.baseAddress, buffer.count, flags, &errorCode, &errorOffset, nil)
        }
        guard let compiled else {
            throw PatternError(message: Pattern.errorMessage(errorCode), offset: errorOffset)
        }
        self.source = source
        self.code = compiled
        var jit = false
        if !options.contains(.noJIT) {
            jit = pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE)) == 0
        }
        self.isJITCompiled = jit
        var captureCount: UInt32 = 0
        pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_CAPTURECOUNT), &captureCount)
        self.groupCount = Int(captureCount)
        self.groupNames = Pattern.readNameTable(compiled)
    }

    deinit { pcre2_code_free_8(code) }

    /// Group number of a named group.
    public func groupNumber(named name: String) -> Int? {
        groupNames.first { $0.value == name }?.key
    }

    static func errorMessage(_ code: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = buffer.withUnsafeMutableBufferPointer {
            pcre2_get_error_message_8(code, $0.baseAddress, $0.count)
        }
        guard n > 0 else { return "PCRE2 error \(code)" }
        return String(decoding: buffer[0..<Int(n)], as: UTF8.self)
    }

    /// The name table is entries of a 2-byte big-endian group number and a
    /// NUL-terminated name, each `entrySize` bytes long.
    private static func readNameTable(_ code: OpaquePointer) -> [Int: String] {
        var count: UInt32 = 0
        var entrySize: UInt32 = 0
        var table: UnsafePointer<UInt8>? = nil
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_NAMECOUNT), &count)
        guard count > 0 else { return [:] }
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_NAMEENTRYSIZE), &entrySize)
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_NAMETABLE), &table)
        guard let table else { return [:] }
        var names: [Int: String] = [:]
        for i in 0..<Int(count) {
            let entry = table + i * Int(entrySize)
            let number = Int(entry[0]) << 8 | Int(entry[1])
            names[number] = String(cString: entry + 2)
        }
        return names
    }
}
