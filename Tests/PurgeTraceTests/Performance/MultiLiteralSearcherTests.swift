import Testing
@testable import PurgeTrace

@Suite struct MultiLiteralSearcherTests {
    /// Every occurrence (literal, start) a naive search finds, as a sorted list.
    private func naive(_ literals: [PrefilterLiteral], _ text: [UInt8]) -> [Int] {
        var ids: [Int] = []
        for (id, literal) in literals.enumerated() where !literal.bytes.isEmpty {
            let want = Array(literal.bytes.prefix(MultiLiteralSearcher.maxLiteralLength))
            guard want.count <= text.count else { continue }
            for start in 0...(text.count - want.count) {
                let window = text[start..<(start + want.count)]
                let same = literal.caseless
                    ? zip(window, want).allSatisfy { PrefilterLiteral.fold($0) == $1 }
                    : window.elementsEqual(want)
                if same { ids.append(id) }
            }
        }
        return ids.sorted()
    }

    private func searched(_ searcher: MultiLiteralSearcher, _ text: [UInt8]) -> [Int] {
        var ids: [Int] = []
        text.withUnsafeBytes { buffer in searcher.scan(buffer) { ids.append($0); return true } }
        return ids.sorted()
    }

    @Test func findsEveryOccurrenceOnceWhateverTheLiteralLengths() {
        var random = SeededGenerator(seed: 42)
        let alphabet = Array("abAB:= xyé".utf8)
        for round in 0..<600 {
            // Short literals force a smaller stride; long ones are cut at 32 bytes.
            let shortest = round % 6 + 1
            let literals = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                let length = Int.random(in: shortest...(shortest + (round % 3 == 0 ? 40 : 6)), using: &random)
                let bytes = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
                return PrefilterLiteral(bytes: bytes, caseless: Bool.random(using: &random))
            }
            let searcher = MultiLiteralSearcher(literals: literals)
            for _ in 0..<10 {
                var text: [UInt8] = []
                for _ in 0..<Int.random(in: 0...8, using: &random) {
                    if Bool.random(using: &random), let literal = literals.randomElement(using: &random) {
                        text += literal.bytes.map { Bool.random(using: &random) && LineBytes.isLetter($0) ? $0 ^ 0x20 : $0 }
                    } else {
                        text += (0..<Int.random(in: 0...5, using: &random)).map { _ in
                            alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
                        }
                    }
                }
                #expect(searched(searcher, text) == naive(searcher.literals, text),
                        "literals \(literals) text \(String(decoding: text, as: UTF8.self))")
            }
        }
    }

    @Test func gramAndStrideFollowTheShortestLiteral() {
        func shape(_ words: [String]) -> [Int] {
            let searcher = MultiLiteralSearcher(literals: words.map { PrefilterLiteral($0) })
            return [searcher.gramLength, searcher.stride]
        }
        #expect(shape(["Export failed", "Persistent History"]) == [4, 4])
        #expect(shape(["Export failed", "Items="]) == [4, 3])
        #expect(shape(["Export failed", "UC=1"]) == [4, 1])
        #expect(shape(["Export failed", "UC="]) == [3, 1])
        #expect(shape(["Export failed", "="]) == [1, 1])
    }

    @Test func oneByteLiteralIsFoundAtTheVeryEnd() {
        let searcher = MultiLiteralSearcher(literals: [PrefilterLiteral("x", caseless: true)])
        #expect(searched(searcher, Array("abcX".utf8)) == [0])
        #expect(searched(searcher, Array("X".utf8)) == [0])
        #expect(searched(searcher, Array("xax".utf8)) == [0, 0])
    }

    @Test func anchorsSitOnTheRarestBytes() {
        #expect(MultiLiteralSearcher.rarestWindow(Array("aa eQZ aa".utf8), gram: 2, width: 1, caseless: false) == 4)
        #expect(MultiLiteralSearcher.rarestWindow(Array("aa ePQZ aa".utf8), gram: 2, width: 3, caseless: false) == 4)
        // "udKi" is made of rarer bytes than "NSCl", but sits inside a word every log repeats.
        #expect(MultiLiteralSearcher.rarestWindow(Array("NSCloudKit".utf8), gram: 4, width: 1, caseless: false) == 0)
        #expect(MultiLiteralSearcher.rarestWindow(Array("the store is Q!".utf8), gram: 4, width: 2, caseless: false) == 10)
    }

    @Test func stoppingEndsTheScan() {
        let searcher = MultiLiteralSearcher(literals: [PrefilterLiteral("abc")])
        var calls = 0
        Array("abc abc abc".utf8).withUnsafeBytes { buffer in searcher.scan(buffer) { _ in calls += 1; return false } }
        #expect(calls == 1)
    }
}
