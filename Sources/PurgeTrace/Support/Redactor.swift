/// `--redact`: removes what identifies a person from text that leaves the machine —
/// reports, timelines, exports and (with `ingest --redact`) the database.
///
/// - emails → `<email>`
/// - bearer/basic credentials, `token=…`-style values, and long runs of hex/base64
///   (32+ characters with letters and digits) → `<token>`
/// - UUIDs → `UUID-1`, `UUID-2`, … numbered in order of first appearance, so the same
///   UUID reads the same everywhere in one output and correlation stays readable; the
///   nil UUID and any in `keep` stay as they are
/// - home-folder user names: `/Users/alice/` → `/Users/<user>/`, `/home/bob` →
///   `/home/<user>`, `C:\Users\carol\` (`/Users/Shared`, `/var/mobile`, `/var/root` stay)
///
/// Deterministic: the same texts redacted in the same order give the same output. A
/// database keeps its UUID numbering across ingests by persisting `assignments` as
/// SHA-256 digests (a random UUID cannot be recovered from its digest).
/// Not thread-safe: one per output.
public final class Redactor {
    public static let emailPlaceholder = "<email>"
    public static let tokenPlaceholder = "<token>"
    public static let userPlaceholder = "<user>"

    /// UUIDs that identify nobody.
    public static let wellKnownUUIDs: Set<String> = [
        "00000000-0000-0000-0000-000000000000",
        "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
    ]

    /// Home-folder names that are not a person.
    public static let sharedHomeNames: Set<String> = ["Shared", "Guest", "root", "mobile", "<user>"]

    /// Keys whose values are credentials (`key=value`, `key: value`, `"key":"value"`).
    static let secretKeys: Set<String> = [
        "token", "access_token", "accesstoken", "refresh_token", "id_token", "auth_token", "authtoken",
        "api_key", "apikey", "api-key", "x-api-key", "secret", "client_secret", "password", "passwd", "pwd",
        "session", "sessionid", "session_id", "sid", "sig", "signature", "auth", "authorization", "cookie",
        "set-cookie", "bearer", "private_key", "privatekey", "credential", "credentials",
    ]

    /// Authorization schemes whose credential follows as the next word.
    static let authSchemes: Set<String> = ["bearer", "basic", "token", "digest", "negotiate"]

    private let keep: Set<String>
    private var pseudonyms: [String: String] = [:]
    private var nextNumber = 1
    /// Pseudonyms given out since `init`/`seed`, as (SHA-256 of the UUID, pseudonym).
    public private(set) var assignments: [(digest: String, pseudonym: String)] = []
    private var seeded: [String: String] = [:]

    public init(keep: Set<String> = Redactor.wellKnownUUIDs) {
        self.keep = Set(keep.map { $0.uppercased() })
    }

    /// Continues a numbering persisted earlier (digest → pseudonym).
    public func seed(_ known: [(digest: String, pseudonym: String)]) {
        for entry in known {
            seeded[entry.digest] = entry.pseudonym
            if entry.pseudonym.hasPrefix("UUID-"), let n = Int(entry.pseudonym.dropFirst(5)), n >= nextNumber {
                nextNumber = n + 1
            }
        }
    }

    /// Forgets assignments already persisted.
    public func clearAssignments() { assignments.removeAll() }

    public func redact(_ text: String) -> String {
        var bytes = Array(text.utf8)
        guard bytes.count >= 6 else { return text }
        bytes = redactCredentials(bytes)
        bytes = redactEmails(bytes)
        bytes = redactUUIDs(bytes)
        bytes = redactHomeFolders(bytes)
        bytes = redactLongRuns(bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    public func redact(_ text: String?) -> String? { text.map { redact($0) } }

    /// String field values are redacted; integers are left alone.
    public func redact(fields: [String: FieldValue]) -> [String: FieldValue] {
        var out = fields
        for key in fields.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            if case .string(let s) = fields[key]! { out[key] = .string(redact(s)) }
        }
        return out
    }

    public func redact(_ signal: Signal) -> Signal {
        var s = signal
        s.device = redact(s.device)
        s.source = redact(s.source)
        s.fields = redact(fields: s.fields)
        s.text = redact(s.text)
        return s
    }

    // MARK: - Passes

    private static func isAlnum(_ b: UInt8) -> Bool {
        (48...57).contains(b) || (65...90).contains(b) || (97...122).contains(b)
    }
    private static func isHex(_ b: UInt8) -> Bool {
        (48...57).contains(b) || (65...70).contains(b) || (97...102).contains(b)
    }
    private static func isDigit(_ b: UInt8) -> Bool { (48...57).contains(b) }
    private static func isLetter(_ b: UInt8) -> Bool { (65...90).contains(b) || (97...122).contains(b) }
    private static func lower(_ b: UInt8) -> UInt8 { (65...90).contains(b) ? b + 32 : b }

    private static let token = Array(tokenPlaceholder.utf8)

    /// `Bearer xyz`, `Basic xyz`, and values of credential keys.
    private func redactCredentials(_ s: [UInt8]) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(s.count)
        var i = 0
        func isValueByte(_ b: UInt8) -> Bool {
            !(b == 32 || b == 9 || b == 10 || b == 13 || b == 34 || b == 39 || b == 38 || b == 44 || b == 59
                || b == 41 || b == 93 || b == 125 || b == 62)
        }
        while i < s.count {
            let b = s[i]
            // Bearer / Basic credentials.
            if b == UInt8(ascii: "B") || b == UInt8(ascii: "b"), i == 0 || !Redactor.isAlnum(s[i - 1]) {
                var matched = false
                for scheme in ["bearer ", "basic "] {
                    let w = Array(scheme.utf8)
                    guard i + w.count < s.count, (0..<w.count).allSatisfy({ Redactor.lower(s[i + $0]) == w[$0] }) else { continue }
                    var j = i + w.count
                    while j < s.count, s[j] == 32 { j += 1 }
                    var k = j
                    while k < s.count, isValueByte(s[k]) { k += 1 }
                    if k - j >= 8, String(decoding: s[j..<k], as: UTF8.self) != Redactor.tokenPlaceholder {
                        out.append(contentsOf: s[i..<j])
                        out.append(contentsOf: Redactor.token)
                        i = k
                        matched = true
                    }
                    break
                }
                if matched { continue }
            }
            if b == UInt8(ascii: "=") || b == UInt8(ascii: ":") {
                // The key is the identifier right before (a closing quote allowed).
                var e = out.count
                if e > 0, out[e - 1] == 34 || out[e - 1] == 39 { e -= 1 }
                var k = e
                while k > 0, Redactor.isAlnum(out[k - 1]) || out[k - 1] == 95 || out[k - 1] == 45 { k -= 1 }
                if k < e, Redactor.secretKeys.contains(String(decoding: out[k..<e].map(Redactor.lower), as: UTF8.self)) {
                    out.append(b)
                    var j = i + 1
                    // `key=value`, `key: value`, `"key": "value"`
                    while j < s.count, s[j] == 32 { out.append(s[j]); j += 1 }
                    if j < s.count, s[j] == 34 || s[j] == 39 { out.append(s[j]); j += 1 }
                    // Already redacted: keep the placeholder.
                    if s[j...].starts(with: Redactor.token) {
                        out.append(contentsOf: Redactor.token)
                        i = j + Redactor.token.count
                        continue
                    }
                    var v = j
                    while v < s.count, isValueByte(s[v]) { v += 1 }
                    // `Authorization: Bearer xyz`: the scheme stays, the credential goes (below).
                    if Redactor.authSchemes.contains(String(decoding: s[j..<v].map(Redactor.lower), as: UTF8.self)) {
                        i = j
                        continue
                    }
                    if v > j { out.append(contentsOf: Redactor.token) }
                    i = v
                    continue
                }
            }
            out.append(b)
            i += 1
        }
        return out
    }

    private func redactEmails(_ s: [UInt8]) -> [UInt8] {
        guard s.contains(UInt8(ascii: "@")) else { return s }
        func isLocal(_ b: UInt8) -> Bool {
            Redactor.isAlnum(b) || b == 46 || b == 95 || b == 37 || b == 43 || b == 45
        }
        func isDomain(_ b: UInt8) -> Bool { Redactor.isAlnum(b) || b == 46 || b == 45 }
        var out = [UInt8]()
        out.reserveCapacity(s.count)
        var i = 0
        while i < s.count {
            guard s[i] == UInt8(ascii: "@") else { out.append(s[i]); i += 1; continue }
            // Local part: already copied to `out`; walk back over it.
            var l = out.count
            while l > 0, isLocal(out[l - 1]) { l -= 1 }
            while l < out.count, out[l] == 46 { l += 1 }
            var r = i + 1
            while r < s.count, isDomain(s[r]) { r += 1 }
            while r > i + 1, s[r - 1] == 46 || s[r - 1] == 45 { r -= 1 }
            let domain = s[(i + 1)..<r]
            var valid = l < out.count && !domain.isEmpty
            if valid, let lastDot = domain.lastIndex(of: 46), lastDot > domain.startIndex {
                let tld = domain[(lastDot + 1)...]
                valid = tld.count >= 2 && tld.allSatisfy(Redactor.isLetter)
            } else {
                valid = false
            }
            if valid {
                out.removeSubrange(l...)
                out.append(contentsOf: Redactor.emailPlaceholder.utf8)
                i = r
            } else {
                out.append(s[i])
                i += 1
            }
        }
        return out
    }

    private func redactUUIDs(_ s: [UInt8]) -> [UInt8] {
        guard s.count >= 36, s.contains(45) else { return s }
        var out = [UInt8]()
        out.reserveCapacity(s.count)
        var i = 0
        let groups = [8, 4, 4, 4, 12]
        while i < s.count {
            if i + 36 <= s.count, Redactor.isHex(s[i]), i == 0 || !Redactor.isAlnum(s[i - 1]) {
                var j = i
                var ok = true
                for (n, length) in groups.enumerated() {
                    for _ in 0..<length {
                        guard Redactor.isHex(s[j]) else { ok = false; break }
                        j += 1
                    }
                    if !ok { break }
                    if n < 4 {
                        guard s[j] == 45 else { ok = false; break }
                        j += 1
                    }
                }
                if ok, j == s.count || !Redactor.isAlnum(s[j]) {
                    let uuid = String(decoding: s[i..<j], as: UTF8.self).uppercased()
                    if keep.contains(uuid) {
                        out.append(contentsOf: s[i..<j])
                    } else {
                        out.append(contentsOf: pseudonym(forUUID: uuid).utf8)
                    }
                    i = j
                    continue
                }
            }
            out.append(s[i])
            i += 1
        }
        return out
    }

    static func isUUID(_ s: ArraySlice<UInt8>) -> Bool {
        guard s.count == 36 else { return false }
        for (k, b) in s.enumerated() {
            if k == 8 || k == 13 || k == 18 || k == 23 {
                guard b == 45 else { return false }
            } else {
                guard isHex(b) else { return false }
            }
        }
        return true
    }

    private func pseudonym(forUUID uuid: String) -> String {
        if let known = pseudonyms[uuid] { return known }
        let digest = SHA256.hex(of: "uuid:" + uuid)
        let name: String
        if let persisted = seeded[digest] {
            name = persisted
        } else {
            name = "UUID-\(nextNumber)"
            nextNumber += 1
            assignments.append((digest: digest, pseudonym: name))
            seeded[digest] = name
        }
        pseudonyms[uuid] = name
        return name
    }

    private func redactHomeFolders(_ s: [UInt8]) -> [UInt8] {
        let prefixes: [[UInt8]] = [Array("/Users/".utf8), Array("/home/".utf8), Array("\\Users\\".utf8)]
        guard s.contains(47) || s.contains(92) else { return s }
        var out = [UInt8]()
        out.reserveCapacity(s.count)
        var i = 0
        outer: while i < s.count {
            if s[i] == 47 || s[i] == 92 {
                for prefix in prefixes where i + prefix.count < s.count
                    && s[i..<(i + prefix.count)].elementsEqual(prefix) {
                    var j = i + prefix.count
                    // Names: letters, digits, . _ - and any non-ASCII byte.
                    while j < s.count, Redactor.isAlnum(s[j]) || s[j] == 46 || s[j] == 95 || s[j] == 45 || s[j] >= 0x80 { j += 1 }
                    let name = String(decoding: s[(i + prefix.count)..<j], as: UTF8.self)
                    if !name.isEmpty, !Redactor.sharedHomeNames.contains(name) {
                        out.append(contentsOf: prefix)
                        out.append(contentsOf: Redactor.userPlaceholder.utf8)
                        i = j
                        continue outer
                    }
                }
            }
            out.append(s[i])
            i += 1
        }
        return out
    }

    /// Runs of 32+ characters of [A-Za-z0-9+_-] (and `=` padding) with letters and digits:
    /// API keys, hex digests, base64 secrets.
    private func redactLongRuns(_ s: [UInt8]) -> [UInt8] {
        guard s.count >= 32 else { return s }
        func isRun(_ b: UInt8) -> Bool { Redactor.isAlnum(b) || b == 43 || b == 95 || b == 45 }
        var out = [UInt8]()
        out.reserveCapacity(s.count)
        var i = 0
        while i < s.count {
            guard isRun(s[i]) else { out.append(s[i]); i += 1; continue }
            var j = i
            var digits = false, letters = false
            while j < s.count, isRun(s[j]) {
                if Redactor.isDigit(s[j]) { digits = true } else if Redactor.isLetter(s[j]) { letters = true }
                j += 1
            }
            // A UUID was already judged by the UUID pass (kept or pseudonymized).
            if j - i == 36, Redactor.isUUID(s[i..<j]) {
                out.append(contentsOf: s[i..<j])
            } else if j - i >= 32, digits, letters {
                while j < s.count, s[j] == 61 { j += 1 }
                out.append(contentsOf: Redactor.token)
            } else {
                out.append(contentsOf: s[i..<j])
            }
            i = j
        }
        return out
    }
}
