import Testing
import YAMLKit

@Suite struct YAMLTests {
    @Test func nodesKeepTheirLines() throws {
        let text = """
            id: coredata.reset_sync_will
            match:
              - "Sending 'X'"
              - other
            ---
            id: second
            """
        let docs = try YAMLLoader.load(text)
        #expect(docs.count == 2)
        let root = try #require(docs[0].root)
        #expect(root["id"]?.scalar?.value == "coredata.reset_sync_will")
        #expect(root["id"]?.mark == YAMLMark(line: 1, column: 5))
        guard case .sequence(let items, let mark)? = root["match"] else {
            Issue.record("match is not a list")
            return
        }
        #expect(mark.line == 3)
        #expect(items[1].mark.line == 4)
        #expect(items[0].scalar?.style == .doubleQuoted)
        #expect(docs[1].root?["id"]?.mark.line == 6)
    }

    @Test func syntaxErrorNamesTheLine() {
        let text = "id: a\nmatch: [unclosed\nlevel: high\n"
        do {
            _ = try YAMLLoader.load(text)
            Issue.record("expected an error")
        } catch {
            #expect(error.mark != nil)
            #expect((error.mark?.line ?? 0) >= 2)
        }
    }

    @Test func aliasesResolveAndBombsAreCapped() throws {
        let docs = try YAMLLoader.load("a: &x [1, 2]\nb: *x\n")
        #expect(docs[0].root?["b"] == docs[0].root?["a"])
        var bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1..<8 { bomb += "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n" }
        #expect(throws: YAMLError.self) { try YAMLLoader.load(bomb) }
    }

    @Test func emptyStreamHasNoDocuments() throws {
        #expect(try YAMLLoader.load("").isEmpty)
    }
}
