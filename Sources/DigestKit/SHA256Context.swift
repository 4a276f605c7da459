// DigestKit: the only code that knows OpenSSL's C API.
//
// SHA-256 identifies every input (re-ingest detection, unit identity, incident ids) and
// is computed over every byte read, so it must keep up with the parsers: libcrypto's
// implementation uses the CPU's SHA extensions (SHA-NI, ARMv8 SHA2) where they exist,
// about ten times the speed of portable code. Only the EVP digest API is used, which is
// stable across OpenSSL 1.1 and 3.
internal import CCrypto

/// A running SHA-256 computation (an `EVP_MD_CTX`). A reference: `copy()` forks it.
public final class SHA256Context: @unchecked Sendable {
    // @unchecked: the context is mutated only through this object, which callers either
    // own alone or copy before changing (`SHA256` in PurgeTrace is copy-on-write).
    private let context: OpaquePointer

    /// The digest's method, fetched once for the process (never freed): OpenSSL 3 looks a
    /// name up on every implicit fetch, which would cost more than hashing a short text.
    nonisolated(unsafe) private static let method = ccrypto_fetch_sha256()

    public init() {
        guard let context = EVP_MD_CTX_new() else { fatalError("DigestKit: out of memory (EVP_MD_CTX_new)") }
        self.context = context
        guard EVP_DigestInit_ex(context, SHA256Context.method, nil) == 1 else {
            fatalError("DigestKit: libcrypto has no SHA-256")
        }
    }

    private init(copying other: SHA256Context) {
        guard let context = EVP_MD_CTX_new(), EVP_MD_CTX_copy_ex(context, other.context) == 1 else {
            fatalError("DigestKit: out of memory (EVP_MD_CTX_copy_ex)")
        }
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    /// A second context in the same state, which goes on independently.
    public func copy() -> SHA256Context { SHA256Context(copying: self) }

    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        EVP_DigestUpdate(context, base, bytes.count)
    }

    /// The 32-byte digest. The context is spent afterwards (until `reset`).
    public func finalize() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        digest.withUnsafeMutableBufferPointer { out in
            _ = EVP_DigestFinal_ex(context, out.baseAddress, &length)
        }
        return digest
    }
}
