import Testing
@testable import PurgeTrace

@Suite struct JSONScannerTests {
    /// The string values of an object's members, by key, unescaped.
    func strings(_ json: String) -> [String: String]? {
        let out = ByteBuffer()
        var result: [String: String] = [:]
        return Array(json.utf8).withUnsafeBytes { raw -> [String: String]? in
            var s = JSONScanner(raw)
            guard s.beginObject() else { return nil }
            while let key = s.nextKey() {
                let name = String(decoding: UnsafeRawBufferPointer(rebasing: raw[key.start..<key.end]), as: UTF8.self)
                if let span = s.string(into: out) {
                    result[name] = String(decoding: out.bytes(span), as: UTF8.self)
                }
                if s.failed { return nil }
            }
            return s.failed || !s.atEnd() ? nil : result
        }
    }

    @Test func unescapesEveryEscape() {
        let r = strings(#"{"a":"q\" b\\ s\/ \b\f\n\r\t end","u":"\u00e9\u4e2d\ud83d\ude00","lone":"x\ud800y\udc00z"}"#)
        #expect(r?["a"] == "q\" b\\ s/ \u{8}\u{C}\n\r\t end")
        #expect(r?["u"] == "\u{E9}\u{4E2D}\u{1F600}")
        #expect(r?["lone"] == "x\u{FFFD}y\u{FFFD}z")
    }

    @Test func skipsNestedValuesOfEveryKind() {
        let r = strings(#"{"n":[1,{"x":"}]"},[2.5e-3,-1]],"o":{"deep":{"deeper":[true,false,null]}},"s":"kept","z":-0.5}"#)
        #expect(r == ["s": "kept"])
    }

    @Test func readsNumbers() {
        let json = #"{"i":-812,"big":1726652037123456789.0,"s":"123","t":true}"#
        Array(json.utf8).withUnsafeBytes { raw in
            var s = JSONScanner(raw)
            let began = s.beginObject()
            _ = s.nextKey()
            let i = s.integer()
            _ = s.nextKey()
            let big = s.double()
            _ = s.nextKey()
            let quoted = s.integer()
            _ = s.nextKey()
            let notANumber = s.integer()
            let end = s.nextKey()
            #expect(began)
            #expect(i == -812)
            #expect(big == 1726652037123456789.0)
            #expect(quoted == 123)
            #expect(notANumber == nil)
            #expect(end == nil)
            #expect(!s.failed)
        }
    }

    @Test func rejectsBrokenObjects() {
        for broken in [#"{"a":"b""#, #"{"a" "b"}"#, #"{"a":"\x"}"#, #"{"a":1 2}"#, #"{"a":tru}"#, #"{"a":"\u12"}"#,
                       #"{"a":1,}"#, #"["a"]"#, #"{"a":{"b":1}"#, ""] {
            #expect(strings(broken) == nil, "\(broken)")
        }
    }
}
