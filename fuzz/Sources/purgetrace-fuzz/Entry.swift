// The fuzzing executable. With -DFUZZING (fuzz/run.sh) it is libFuzzer: the target comes
// from PURGETRACE_FUZZ_TARGET and every other argument is libFuzzer's. Without it, it
// replays files through a target: `purgetrace-fuzz TARGET FILE...`.
//
// Why a `@main` that calls `LLVMFuzzerRunDriver` instead of libFuzzer's own `main`:
// SwiftPM links executables with `--defsym main=<module>_main`, so the executable must
// have a Swift entry point; libFuzzer's driver is then started from it.
import FuzzHarness
#if canImport(Glibc)
import Glibc
#endif

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// libFuzzer's runtime refers to this symbol even when started through `LLVMFuzzerRunDriver`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    Entry.target.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
#endif

@main enum Entry {
    #if FUZZING
    static let target: FuzzTarget = {
        let name = getenv("PURGETRACE_FUZZ_TARGET").map { String(cString: $0) } ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let message = "purgetrace-fuzz: set PURGETRACE_FUZZ_TARGET to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n"
            _ = message.withCString { write(2, $0, strlen($0)) }
            exit(2)
        }
        return target
    }()
    #endif

    static func main() {
        #if FUZZING
        _ = target
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzTestOneInput(data, size) })
        #else
        Replay.run(arguments: Array(CommandLine.arguments.dropFirst()))
        #endif
    }
}
