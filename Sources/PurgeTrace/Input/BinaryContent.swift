/// Recognizes content that is not a text log, so it is skipped with a note instead of
/// being fed to a parser as garbage.
enum BinaryContent {
    /// What the head looks like when it is not text, e.g. "PNG image"; nil for text.
    static func kind(of head: UnsafeRawBufferPointer, name: String) -> String? {
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + magic.count && (0..<magic.count).allSatisfy { head[offset + $0] == magic[$0] }
        }
        func startsText(_ text: String, at offset: Int = 0) -> Bool { starts(Array(text.utf8), at: offset) }

        if startsText("bplist") { return "binary property list" }
        if startsText("<?xml") || startsText("<!DOCTYPE plist") || startsText("<plist") {
            let early = UnsafeRawBufferPointer(rebasing: head.prefix(1024))
            if contains(early, "<plist") || contains(early, "PropertyList-1.0.dtd") { return "XML property list" }
        }
        if starts([0x89, 0x50, 0x4e, 0x47]) { return "PNG image" }
        if starts([0xff, 0xd8, 0xff]) { return "JPEG image" }
        if startsText("GIF8") { return "GIF image" }
        if startsText("ftyp", at: 4) { return "ISO media (HEIC/MP4/MOV)" }
        if startsText("%PDF") { return "PDF document" }
        if startsText("SQLite format 3") { return "SQLite database" }
        if starts([0x00, 0x00, 0x00, 0x01, 0x42, 0x75, 0x64, 0x31]) { return ".DS_Store" }
        if starts([0x00, 0x05, 0x16, 0x07]) { return "AppleDouble metadata" }
        if starts([0xfe, 0xed, 0xfa, 0xce]) || starts([0xfe, 0xed, 0xfa, 0xcf]) || starts([0xce, 0xfa, 0xed, 0xfe])
            || starts([0xcf, 0xfa, 0xed, 0xfe]) || starts([0xca, 0xfe, 0xba, 0xbe]) {
            return "Mach-O binary"
        }
        if starts([0x7f, 0x45, 0x4c, 0x46]) { return "ELF binary" }
        if starts([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]) { return "7-Zip archive (not supported)" }
        if startsText("Rar!") { return "RAR archive (not supported)" }
        if starts([0x00, 0x10, 0x00, 0x00]) && name.hasSuffix(".tracev3") { return "tracev3" }
        if starts([0xff, 0xfe]) || starts([0xfe, 0xff]) { return "UTF-16 text (convert it to UTF-8)" }
        return looksBinary(head) ? "binary data" : nil
    }

    /// Text logs have almost no control bytes. A few NULs (a crash-padded log) stay text;
    /// many control bytes, or some together with much invalid UTF-8 (random-looking data:
    /// compressed, encrypted), do not.
    static func looksBinary(_ head: UnsafeRawBufferPointer) -> Bool {
        guard !head.isEmpty else { return false }
        var control = 0
        for b in head where b < 0x20 || b == 0x7f {
            switch b {
            case 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1b: continue
            default: control += 1
            }
        }
        if control * 10 > head.count { return true }
        guard control * 100 > head.count else { return false }
        return invalidUTF8Bytes(head) * 20 > head.count
    }

    /// Bytes that are not part of a well-formed UTF-8 sequence.
    static func invalidUTF8Bytes(_ bytes: UnsafeRawBufferPointer) -> Int {
        var invalid = 0
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                i += 1
                continue
            }
            let length: Int
            switch b {
            case 0xc2...0xdf: length = 2
            case 0xe0...0xef: length = 3
            case 0xf0...0xf4: length = 4
            default: length = 0
            }
            if length == 0 || i + length > n || !(1..<length).allSatisfy({ bytes[i + $0] & 0xc0 == 0x80 }) {
                invalid += 1
                i += 1
            } else {
                i += length
            }
        }
        return invalid
    }

    private static func contains(_ haystack: UnsafeRawBufferPointer, _ needle: String) -> Bool {
        let n = Array(needle.utf8)
        guard haystack.count >= n.count else { return false }
        for start in 0...(haystack.count - n.count) where haystack[start] == n[0] {
            if (1..<n.count).allSatisfy({ haystack[start + $0] == n[$0] }) { return true }
        }
        return false
    }
}
