internal import DigestKit

/// SHA-256 (FIPS 180-4), streaming. Inputs are identified by the hash of their bytes
/// (re-ingest detection, unit identity, incident ids). Every byte read is hashed, so the
/// work is done by libcrypto (`DigestKit`), which uses the CPU's SHA instructions; the
/// toolchain on Linux has no CryptoKit.
///
/// A value type like any other: a copy goes on independently of the original (the
/// context is copied on the first update after a copy).
public struct SHA256: Sendable {
    private var context = SHA256Context()

    public init() {}

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        if !isKnownUniquelyReferenced(&context) { context = context.copy() }
        context.update(bytes)
    }

    public mutating func update<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
        let array = Array(bytes)
        array.withUnsafeBytes { update($0) }
    }

    public mutating func update(_ text: String) {
        var text = text
        text.withUTF8 { update(UnsafeRawBufferPointer($0)) }
    }

    /// The digest; the hasher should not be used afterwards.
    public mutating func finalize() -> [UInt8] {
        if !isKnownUniquelyReferenced(&context) { context = context.copy() }
        return context.finalize()
    }

    public mutating func finalizeHex() -> String { PurgeTrace.hex(finalize()) }

    public static func hex<S: Sequence>(of bytes: S) -> String where S.Element == UInt8 {
        var h = SHA256()
        h.update(bytes)
        return h.finalizeHex()
    }

    public static func hex(of text: String) -> String {
        var h = SHA256()
        h.update(text)
        return h.finalizeHex()
    }
}

/// Lowercase hex of bytes.
public func hex<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
    let digits = Array("0123456789abcdef".utf8)
    var out = [UInt8]()
    for b in bytes {
        out.append(digits[Int(b >> 4)])
        out.append(digits[Int(b & 15)])
    }
    return String(decoding: out, as: UTF8.self)
}

/// FNV-1a 64-bit, used by `scan --shard K/N` to split units across machines.
public func fnv1a64(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in text.utf8 {
        hash ^= UInt64(b)
        hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
}
