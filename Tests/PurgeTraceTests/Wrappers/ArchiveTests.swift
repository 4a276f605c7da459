import Foundation
import Testing
import ArchiveKit

@Suite struct ArchiveTests {
    func readAll(_ reader: ArchiveReader) throws -> String {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 7)  // tiny buffer: exercise repeated reads
        while true {
            let n = try buffer.withUnsafeMutableBytes { try reader.readData(into: $0) }
            if n == 0 { break }
            data += buffer[0..<n]
        }
        return String(decoding: data, as: UTF8.self)
    }

    @Test func readsAMemberOfATarGz() throws {
        let reader = try ArchiveReader(path: TestPaths.fixture("archives/case-1.tar.gz"))
        let first = try #require(try reader.nextEntry())
        #expect(first.path == "case-1/system_log.txt")
        #expect(first.kind == .file)
        #expect(!first.isRawStream)
        #expect(try readAll(reader).contains("Items=844"))
        #expect(reader.filterNames == ["gzip"])
        let second = try #require(try reader.nextEntry())
        #expect(second.path == "case-1/notes.txt")
        #expect(try reader.nextEntry() == nil)
    }

    @Test func readsAMemberOfAZip() throws {
        let reader = try ArchiveReader(path: TestPaths.fixture("archives/case-2.zip"))
        let entry = try #require(try reader.nextEntry())
        #expect(entry.path == "case-2/app.log")
        #expect(try readAll(reader).hasPrefix("2026-03-14 01:02:03.123456+0000"))
    }

    @Test func compressedSingleFileIsARawStream() throws {
        let reader = try ArchiveReader(path: TestPaths.fixture("archives/single.log.gz"))
        let entry = try #require(try reader.nextEntry())
        #expect(entry.isRawStream)
        #expect(try readAll(reader).contains("UC=1"))
    }

    @Test func nestedArchiveReadsThroughTheOuterMember() throws {
        // Wrap the tar.gz in a zip in memory-free fashion: open the zip fixture's bytes via a source.
        final class FileSource: ByteSource {
            let handle: FileHandle
            init(_ path: String) throws { handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path)) }
            func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
                let data = try handle.read(upToCount: buffer.count) ?? Data()
                data.copyBytes(to: buffer)
                return data.count
            }
        }
        let reader = try ArchiveReader(source: try FileSource(TestPaths.fixture("archives/case-1.tar.gz")))
        #expect(try reader.nextEntry()?.path == "case-1/system_log.txt")
    }

    @Test func truncatedGzipThrowsAfterTheGoodBytes() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("archives/case-1.tar.gz")))
        let dir = TestPaths.temporaryDirectory("archive")
        let path = dir.appendingPathComponent("cut.tar.gz").path
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        #expect(throws: ArchiveError.self) {
            let reader = try ArchiveReader(path: path)
            while try reader.nextEntry() != nil { _ = try readAll(reader) }
        }
    }
}
