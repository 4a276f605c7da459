/// A container recognized by its magic bytes (never by its name alone: mail and chat
/// attachments often lose or change extensions).
enum ContainerKind: String, Sendable {
    case gzip, bzip2, xz, zstd, compress, zip, tar

    /// Whether the layer decompresses (its output counts against the decompression limits).
    var decompresses: Bool { self != .tar }

    /// Compression layers produce one stream; archives produce named members.
    var isArchive: Bool { self == .zip || self == .tar }

    static func sniff(_ head: UnsafeRawBufferPointer) -> ContainerKind? {
        func starts(_ magic: [UInt8]) -> Bool {
            head.count >= magic.count && Swift.zip(head, magic).allSatisfy { $0 == $1 }
        }
        if starts([0x1f, 0x8b]) { return .gzip }
        if starts([0x42, 0x5a, 0x68]) && head.count > 3 && (0x31...0x39).contains(head[3]) { return .bzip2 }
        if starts([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]) { return .xz }
        if starts([0x28, 0xb5, 0x2f, 0xfd]) { return .zstd }
        if starts([0x1f, 0x9d]) { return .compress }
        if starts([0x50, 0x4b, 0x03, 0x04]) || starts([0x50, 0x4b, 0x05, 0x06]) || starts([0x50, 0x4b, 0x07, 0x08]) {
            return .zip
        }
        if looksLikeTar(head) { return .tar }
        return nil
    }

    /// POSIX/GNU tar carry `ustar` at offset 257; old v7 headers only a checksum.
    private static func looksLikeTar(_ head: UnsafeRawBufferPointer) -> Bool {
        guard head.count >= 512 else { return false }
        let magic = Array("ustar".utf8)
        if (0..<5).allSatisfy({ head[257 + $0] == magic[$0] }) { return true }
        // v7: an octal checksum field that matches the header's byte sum (field as spaces).
        guard head[0] != 0 else { return false }
        var sum = 0
        for i in 0..<512 { sum += (148..<156).contains(i) ? 32 : Int(head[i]) }
        var stored = 0, digits = 0
        for i in 148..<156 {
            let c = head[i]
            if c == 0 || c == 32 { if digits > 0 { break } else { continue } }
            guard (48...55).contains(c) else { return false }
            stored = stored * 8 + Int(c - 48)
            digits += 1
        }
        return digits > 0 && stored == sum
    }
}
