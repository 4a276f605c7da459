import Testing
@testable import PurgeTrace

@Suite struct SHA256Tests {
    // FIPS 180-4 / NIST CSRC example vectors.
    @Test func knownVectorsHashAsPublished() {
        #expect(SHA256.hex(of: "") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(of: "abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(of: "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        var million = SHA256()
        let block = [UInt8](repeating: 0x61, count: 1000)
        for _ in 0..<1000 { block.withUnsafeBytes { million.update($0) } }
        #expect(million.finalizeHex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func pushingInPiecesOfAnySizeGivesTheOneShotHash() {
        var generator = SeededGenerator(seed: 11)
        let bytes = (0..<10_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let whole = SHA256.hex(of: bytes)
        for piece in [1, 7, 63, 64, 65, 4096] {
            var h = SHA256()
            var i = 0
            while i < bytes.count {
                let end = min(bytes.count, i + piece)
                bytes[i..<end].withUnsafeBytes { h.update($0) }
                i = end
            }
            #expect(h.finalizeHex() == whole, "pieces of \(piece)")
        }
    }

    @Test func aCopyGoesOnIndependently() {
        var a = SHA256()
        a.update("ab")
        var b = a
        a.update("c")
        b.update("d")
        #expect(a.finalizeHex() == SHA256.hex(of: "abc"))
        #expect(b.finalizeHex() == SHA256.hex(of: "abd"))
        let c = b
        _ = c
    }

    @Test func textAndBytesHashTheSame() {
        let text = "héllo 🛟 wörld"
        #expect(SHA256.hex(of: text) == SHA256.hex(of: Array(text.utf8)))
    }
}
