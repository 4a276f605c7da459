import Foundation
import Testing
@testable import PurgeTrace

@Suite struct ScanShardTests {
    @Test(arguments: [("1/1", 1, 1), ("1/3", 1, 3), ("3/3", 3, 3), ("12/100", 12, 100)])
    func parsesKOverN(text: String, k: Int, n: Int) {
        #expect(ScanShard(parsing: text) == ScanShard(index: k, count: n))
    }

    @Test(arguments: ["0/3", "4/3", "3", "a/b", "1/0", "-1/3", "1/3/4", " 1/3", "1/ 3", "", "/", "1/", "/3", "+1/3", "١/٣"])
    func refusesAnythingElse(text: String) {
        #expect(ScanShard(parsing: text) == nil)
    }

    /// FNV-1a-64 as published (offset basis 0xcbf29ce484222325, prime 0x100000001b3), so a
    /// script can compute the same split.
    @Test func hashesNamesWithFNV1a64() {
        #expect(fnv1a64("") == 0xcbf2_9ce4_8422_2325)
        #expect(fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(fnv1a64("foobar") == 0x8594_4171_f739_67e8)
        let shard = ScanShard(index: Int(fnv1a64("case-7.tar.gz") % 5) + 1, count: 5)!
        #expect(shard.contains(unitNamed: "case-7.tar.gz"))
    }

    @Test func everyUnitFallsInExactlyOneShard() {
        let names = (0..<500).map { "case-\($0).tar.gz" }
        for n in [1, 2, 3, 7] {
            let shards = (1...n).map { ScanShard(index: $0, count: n)! }
            for name in names {
                #expect(shards.filter { $0.contains(unitNamed: name) }.count == 1)
            }
            // And the split is not degenerate.
            if n > 1 { #expect(shards.allSatisfy { shard in names.contains { shard.contains(unitNamed: $0) } }) }
        }
    }

    /// The name is relative to the PATH argument, so machines that mount the corpus at
    /// different places (or spell the PATH differently) split it the same way.
    @Test func theSplitDoesNotDependOnWhereTheCorpusIs() throws {
        let inbox = try ScanCorpus.make()
        // The same folder as an absolute path, with a trailing slash, and relative to here.
        let here = FileManager.default.currentDirectoryPath.split(separator: "/").count
        let relative = String(repeating: "../", count: here) + inbox.path.dropFirst()
        var splits: [[String]] = []
        for spelling in [inbox.path, inbox.path + "/", relative] {
            splits.append(try (1...3).map { k in
                try ScanPlanner.units(paths: [spelling], shard: ScanShard(index: k, count: 3)).map(\.shardName).joined(separator: ",")
            })
        }
        #expect(splits[0] == splits[1])
        #expect(splits[0] == splits[2])
        let all = splits[0].flatMap { $0.split(separator: ",").map(String.init) }
        #expect(all.sorted() == ScanCorpus.expected.keys.sorted())
        #expect(splits[0].allSatisfy { !$0.isEmpty }, "a split of 8 units in 3 has no empty shard here: \(splits[0])")
    }

    @Test func aPathThatIsNotAFolderIsNamedByItsLastComponent() throws {
        let inbox = try ScanCorpus.make()
        let units = try ScanPlanner.units(paths: [inbox.appendingPathComponent("case-a.log").path, inbox.path + "/case-e/"])
        #expect(units.map(\.path) == [inbox.path + "/case-a.log", inbox.path + "/case-e/nested", inbox.path + "/case-e/orphaned.log"])
        #expect(units.map(\.shardName) == ["case-a.log", "nested", "orphaned.log"])
    }

    @Test func standardInputIsRefused() {
        #expect(throws: ToolError("scan reads files and folders, not standard input (-); use analyze or ingest")) {
            try ScanPlanner.units(paths: ["-"])
        }
    }

}
