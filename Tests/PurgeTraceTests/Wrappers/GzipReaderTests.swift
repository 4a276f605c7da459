import Foundation
import Testing
import ArchiveKit

@Suite struct GzipReaderTests {
    final class BytesSource: ByteSource {
        let bytes: [UInt8]
        var position = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
            let n = min(buffer.count, bytes.count - position, 1000)  // small reads: exercise refills
            bytes.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + position, byteCount: max(n, 0)) }
            position += max(n, 0)
            return max(n, 0)
        }
    }

    /// Everything the reader returns before it ends or throws, and the error if it threw.
    func inflate(_ bytes: [UInt8]) -> ([UInt8], ArchiveError?) {
        let reader = GzipReader(source: BytesSource(bytes))
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var failure: ArchiveError?
            let n = buffer.withUnsafeMutableBytes { raw -> Int in
                do throws(ArchiveError) { return try reader.read(into: raw) } catch {
                    failure = error
                    return 0
                }
            }
            if let failure { return (out, failure) }
            if n == 0 { return (out, nil) }
            out += buffer[0..<n]
        }
    }

    func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("input/" + name))))
    }

    @Test func concatenatedMembersAreOneStream() throws {
        let (out, error) = inflate(try fixture("two-members.log.gz"))
        #expect(error == nil)
        #expect(String(decoding: out, as: UTF8.self) == "2024-03-01T10:00:00Z app: first line\n2024-03-01T10:05:00Z app: second line\n")
    }

    @Test func aCutStreamReturnsEveryDecodableByteThenThrows() throws {
        let whole = try fixture("many.log.gz")
        let (full, noError) = inflate(whole)
        #expect(noError == nil)
        for fraction in [10, 50, 90] {
            let (part, error) = inflate(Array(whole.prefix(whole.count * fraction / 100)))
            #expect(error?.message == "truncated gzip input")
            #expect(Array(full.prefix(part.count)) == part)
            // Deflate output lags its input by at most a window: nearly all of it comes out.
            #expect(part.count > full.count * (fraction - 10) / 100, "\(fraction)%: \(part.count) of \(full.count)")
        }
    }

    @Test func paddingAfterTheLastMemberIsIgnored() throws {
        let (out, error) = inflate(try fixture("two.log.gz") + [UInt8](repeating: 0, count: 512))
        #expect(error == nil)
        #expect(out.count == 75)
    }

    @Test func corruptDataThrowsAfterTheGoodBytes() throws {
        var bytes = try fixture("many.log.gz")
        for i in (bytes.count / 2)..<(bytes.count / 2 + 64) { bytes[i] ^= 0x5a }
        let (out, error) = inflate(bytes)
        #expect(error?.message.hasPrefix("corrupt gzip data: ") == true)
        #expect(out.count > 1000)
    }
}
