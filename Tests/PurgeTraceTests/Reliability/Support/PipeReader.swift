import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a pipe to its end on its own thread.
final class PipeReader: @unchecked Sendable {
    private let fd: Int32
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(fd: Int32) {
        self.fd = fd
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                data.append(contentsOf: buffer[0..<n])
            }
            close(fd)
            done.signal()
        }
    }

    func finish() -> Data {
        done.wait()
        return data
    }
}
