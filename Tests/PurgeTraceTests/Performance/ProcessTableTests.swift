import Testing
@testable import PurgeTrace

@Suite struct ProcessTableTests {
    private func include(_ table: inout ProcessTable, _ name: String, _ seconds: Int64) {
        Array(name.utf8).withUnsafeBytes { table.include($0, at: Instant(seconds: seconds)) }
    }

    @Test func keepsFirstAndLastTimeOfEveryNameLikeADictionary() {
        var random = SeededGenerator(seed: 5)
        var table = ProcessTable()
        var model: [String: ScopeSpan] = [:]
        // Enough names to grow the table several times, in runs and scattered.
        let names = (0..<700).map { "proc\($0 % 3 == 0 ? "ess" : "")-\($0)" } + ["", "é", "a\u{0}b"]
        for step in 0..<20_000 {
            let name = names[step % 5 == 0 ? step % names.count : Int.random(in: 0..<names.count, using: &random)]
            let t = Int64.random(in: 0...1_000_000, using: &random)
            include(&table, name, t)
            if var span = model[name] {
                span.include(Instant(seconds: t))
                model[name] = span
            } else {
                model[name] = ScopeSpan(first: Instant(seconds: t), last: Instant(seconds: t))
            }
        }
        #expect(table.spansByName == model)
        #expect(table.count == model.count)
    }

    @Test func mergingALaterTableIsLikeIncludingItsRecords() {
        var whole = ProcessTable(), early = ProcessTable(), late = ProcessTable()
        for (i, name) in ["a", "b", "a", "c", "b", "d", "a"].enumerated() {
            include(&whole, name, Int64(i * 10))
            if i < 4 { include(&early, name, Int64(i * 10)) } else { include(&late, name, Int64(i * 10)) }
        }
        early.merge(late)
        #expect(early.spansByName == whole.spansByName)
    }

    @Test func stopsGrowingAtTheLimit() {
        var table = ProcessTable()
        for i in 0..<(ProcessTable.maxProcesses + 5) { include(&table, "p\(i)", 1) }
        #expect(table.count == ProcessTable.maxProcesses)
        #expect(table.overflowed)
        include(&table, "p7", 9)
        #expect(table.spansByName["p7"] == ScopeSpan(first: Instant(seconds: 1), last: Instant(seconds: 9)))
    }
}
