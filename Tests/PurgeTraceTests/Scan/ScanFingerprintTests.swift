import Foundation
import Testing
@testable import PurgeTrace

@Suite struct ScanFingerprintTests {
    @Test func aFileIsItsSizeAndModificationTime() throws {
        let file = TestPaths.temporaryDirectory("fp").appendingPathComponent("a.log")
        try Data("one\n".utf8).write(to: file)
        try ScanTestSupport.setModified(file.path, nanoseconds: 1_700_000_000_123_456_789)
        #expect(ScanFingerprint.of(path: file.path) == ScanFingerprint(size: 4, modified: 1_700_000_000_123_456_789))
        #expect(ScanFingerprint.of(path: file.path + ".missing") == nil)
    }

    @Test func aFolderChangesWhenAnythingVisibleInItChanges() throws {
        let folder = TestPaths.temporaryDirectory("fpdir")
        let sub = folder.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try Data("abc\n".utf8).write(to: sub.appendingPathComponent("b.log"))
        try Data("hi\n".utf8).write(to: folder.appendingPathComponent("a.log"))
        func settle() throws {
            for (i, path) in [folder.path, sub.path, sub.appendingPathComponent("b.log").path,
                              folder.appendingPathComponent("a.log").path].enumerated() {
                try ScanTestSupport.setModified(path, nanoseconds: 1_000_000_000 * Int64(i + 1))
            }
        }
        try settle()
        let base = try #require(ScanFingerprint.of(path: folder.path))
        #expect(base == ScanFingerprint(size: 7, modified: 4_000_000_000))

        // A hidden file is not read, so it does not count (the folder's own time is reset).
        try Data("x".utf8).write(to: folder.appendingPathComponent(".DS_Store"))
        try settle()
        #expect(ScanFingerprint.of(path: folder.path) == base)
        // A file deep inside that changes its content changes the fingerprint.
        try Data("abcd\n".utf8).write(to: sub.appendingPathComponent("b.log"))
        try settle()
        #expect(ScanFingerprint.of(path: folder.path)?.size == 8)
        // Or only its time.
        try ScanTestSupport.setModified(sub.appendingPathComponent("b.log").path, nanoseconds: 9_000_000_000)
        #expect(ScanFingerprint.of(path: folder.path)?.modified == 9_000_000_000)
    }
}
