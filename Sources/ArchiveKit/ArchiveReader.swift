// ArchiveKit: the only code that knows libarchive.
//
// Archives and compressed files are read in place, member by member, as byte streams:
// nothing is ever extracted to disk, so a member named `../../x` is only a name. An
// archive can be opened on another archive's member (`ByteSource`), which is how
// archives inside archives are read without unpacking.
internal import CArchive
#if canImport(Glibc)
import Glibc
#endif

/// Something libarchive can pull bytes from: a file, or another archive's current member.
public protocol ByteSource: AnyObject {
    /// Reads up to `buffer.count` bytes; returns 0 at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

public struct ArchiveError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// One member of an archive, as its header describes it.
public struct ArchiveEntry: Equatable, Sendable {
    public enum Kind: Sendable { case file, directory, symlink, other }
    /// The member's name as stored (never resolved against the file system).
    public let path: String
    public let kind: Kind
    /// Uncompressed size when the header carries it.
    public let size: Int64?
    /// True for the single pseudo-member of a compressed non-archive file (`x.log.gz`).
    public let isRawStream: Bool
}

/// Which container formats an `ArchiveReader` may recognize. Callers that already know
/// the container from its magic bytes narrow this: libarchive's other format bidders read
/// far ahead and can misread plain text (mtree) or fail early on a truncated stream.
public struct ArchiveFormats: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let tar = ArchiveFormats(rawValue: 1)
    public static let zip = ArchiveFormats(rawValue: 2)
    /// A compressed non-archive file: one member, the decompressed bytes.
    public static let raw = ArchiveFormats(rawValue: 4)
    /// Every format libarchive knows, raw last.
    public static let all = ArchiveFormats(rawValue: 8 | 7)
}

/// Streams the members of an archive (or the content of a compressed file).
public final class ArchiveReader: ByteSource {
    private let archive: OpaquePointer
    private var box: Unmanaged<SourceBox>?
    private var finished = false

    /// Opens a file on disk.
    public init(path: String) throws(ArchiveError) {
        archive = ArchiveReader.makeArchive()
        // On failure `deinit` still runs (self is fully initialized) and frees the archive.
        if archive_read_open_filename(archive, path, 256 * 1024) != ARCHIVE_OK {
            throw ArchiveError(ArchiveReader.errorString(archive))
        }
    }

    /// Opens a stream (for example the current member of an outer archive).
    public init(source: ByteSource, formats: ArchiveFormats = .all) throws(ArchiveError) {
        archive = ArchiveReader.makeArchive(formats)
        let retained = Unmanaged.passRetained(SourceBox(source))
        box = retained
        let rc = archive_read_open(archive, retained.toOpaque(), nil, { _, client, bufferOut in
            let box = Unmanaged<SourceBox>.fromOpaque(client!).takeUnretainedValue()
            return box.fill(bufferOut)
        }, nil)
        if rc != ARCHIVE_OK { throw ArchiveError(ArchiveReader.errorString(archive)) }
    }

    deinit {
        archive_read_free(archive)
        box?.release()
    }

    private static func makeArchive(_ formats: ArchiveFormats = .all) -> OpaquePointer {
        let a = archive_read_new()!
        archive_read_support_filter_all(a)
        if formats == .all {
            archive_read_support_format_all(a)
        } else {
            if formats.contains(.tar) { archive_read_support_format_tar(a) }
            if formats.contains(.zip) { archive_read_support_format_zip(a) }
        }
        // Raw last: a compressed single file (x.log.gz) becomes one member named "data".
        if formats.contains(.raw) { archive_read_support_format_raw(a) }
        return a
    }

    private static func errorString(_ a: OpaquePointer) -> String {
        archive_error_string(a).map { String(cString: $0) } ?? "unreadable archive"
    }

    /// The next member's header, or nil at the end of the archive.
    public func nextEntry() throws(ArchiveError) -> ArchiveEntry? {
        guard !finished else { return nil }
        block = UnsafeRawBufferPointer(start: nil, count: 0)
        blockOffset = 0
        position = 0
        memberEnded = false
        var entry: OpaquePointer?
        let rc = UTF8Names.during { archive_read_next_header(archive, &entry) }
        if rc == ARCHIVE_EOF {
            finished = true
            return nil
        }
        guard rc == ARCHIVE_OK || rc == ARCHIVE_WARN, let entry else {
            finished = rc == ARCHIVE_FATAL
            throw ArchiveError(ArchiveReader.errorString(archive))
        }
        let raw = archive_format(archive) == ARCHIVE_FORMAT_RAW
        let name = UTF8Names.during {
            (archive_entry_pathname_utf8(entry) ?? archive_entry_pathname(entry)).map { String(cString: $0) }
        } ?? ""
        let kind: ArchiveEntry.Kind
        if carchive_is_regular(entry) != 0 || raw { kind = .file }
        else if carchive_is_directory(entry) != 0 { kind = .directory }
        else if carchive_is_symlink(entry) != 0 { kind = .symlink }
        else { kind = .other }
        let size: Int64? = archive_entry_size_is_set(entry) != 0 ? archive_entry_size(entry) : nil
        return ArchiveEntry(path: name, kind: kind, size: size, isRawStream: raw)
    }

    /// Reads the current member's bytes; 0 at its end. A truncated or corrupt stream throws
    /// after the bytes that could be decoded were returned by earlier calls.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try readData(into: buffer)
    }

    public func readData(into buffer: UnsafeMutableRawBufferPointer) throws(ArchiveError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        // Blocks, not `archive_read_data`: that one fills the caller's buffer from several
        // blocks and, when a later block fails (a cut archive), returns the error and drops
        // the bytes it already copied — a truncated tar lost its whole last member.
        while block.count == 0 {
            if memberEnded { return 0 }
            var pointer: UnsafeRawPointer?
            var size = 0
            var offset: la_int64_t = 0
            let rc = archive_read_data_block(archive, &pointer, &size, &offset)
            if rc == ARCHIVE_EOF {
                memberEnded = true
                return 0
            }
            guard rc == ARCHIVE_OK || rc == ARCHIVE_WARN else { throw ArchiveError(ArchiveReader.errorString(archive)) }
            block = UnsafeRawBufferPointer(start: pointer, count: pointer == nil ? 0 : size)
            blockOffset = offset
        }
        // A sparse member's hole before the block reads as zeros.
        if blockOffset > position {
            let n = Int(min(Int64(buffer.count), blockOffset - position))
            base.initializeMemory(as: UInt8.self, repeating: 0, count: n)
            position += Int64(n)
            return n
        }
        let n = min(buffer.count, block.count)
        base.copyMemory(from: block.baseAddress!, byteCount: n)
        block = UnsafeRawBufferPointer(rebasing: block[n...])
        position += Int64(n)
        blockOffset += Int64(n)
        return n
    }

    /// The current member's block from libarchive not yet handed out (valid until the
    /// next `archive_read_data_block` or header call), where it starts in the member, how
    /// much of the member was handed out, and whether its end was reached.
    private var block = UnsafeRawBufferPointer(start: nil, count: 0)
    private var blockOffset: Int64 = 0
    private var position: Int64 = 0
    private var memberEnded = false

    /// Compressed bytes consumed so far (for decompression-bomb ratios).
    public var compressedBytesRead: Int64 {
        archive_filter_bytes(archive, -1)
    }

    /// Uncompressed bytes produced so far by the filters.
    public var uncompressedBytesRead: Int64 {
        archive_filter_bytes(archive, 0)
    }

    /// libarchive's name for the detected container format ("GNU tar format", "ZIP 2.0", "raw").
    public var formatName: String {
        archive_format_name(archive).map { String(cString: $0) } ?? "unknown"
    }

    /// Names of the compression filters, outermost last ("gzip", "xz", "bzip2"; "none" excluded).
    public var filterNames: [String] {
        let count = archive_filter_count(archive)
        guard count > 0 else { return [] }
        return (0..<count).compactMap { i in
            let name = archive_filter_name(archive, i).map { String(cString: $0) }
            return name == "none" ? nil : name
        }
    }
}

/// Holds the Swift source and the buffer libarchive reads from between callbacks.
private final class SourceBox {
    let source: ByteSource
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 * 1024, alignment: 16)

    init(_ source: ByteSource) { self.source = source }
    deinit { buffer.deallocate() }

    func fill(_ out: UnsafeMutablePointer<UnsafeRawPointer?>?) -> Int {
        do {
            let n = try source.read(into: buffer)
            out?.pointee = UnsafeRawPointer(buffer.baseAddress)
            return n
        } catch {
            return -1  // libarchive reports it as a read error
        }
    }
}

/// libarchive converts member names to the charset of the current locale, and a process
/// that never called `setlocale` runs in "C" (ASCII): a zip member named `café.log` then has
/// no name at all. Header reads run under a thread-local UTF-8 locale instead (never the
/// process-wide one, which belongs to the program, and which other threads share).
enum UTF8Names {
    #if canImport(Glibc)
    nonisolated(unsafe) private static let locale: locale_t? =
        newlocale(LC_CTYPE_MASK, "C.UTF-8", nil) ?? newlocale(LC_CTYPE_MASK, "C.utf8", nil)
    #endif

    static func during<T>(_ body: () -> T) -> T {
        #if canImport(Glibc)
        guard let locale else { return body() }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        #endif
        return body()
    }
}
