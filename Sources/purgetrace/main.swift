// The executable is only the front end's entry point; everything lives in PurgeTraceCLI.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import PurgeTraceCLI

exit(PurgeTraceMain.run(arguments: CommandLine.arguments, environment: ProcessInfo.processInfo.environment))
