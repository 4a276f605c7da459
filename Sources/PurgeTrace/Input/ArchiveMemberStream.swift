import ArchiveKit

/// The bytes of an open archive's current member.
final class ArchiveMemberStream: ByteStream {
    private let archive: OpenArchive
    private var ended = false
    private(set) var bytesRead: Int64 = 0
    private(set) var endNote: String?

    init(_ archive: OpenArchive) { self.archive = archive }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard !ended, !archive.stopped else { return 0 }
        if let note = archive.meter.check() { return stop(note) }
        do {
            let n = try archive.reader.readData(into: buffer)
            if n == 0 { ended = true }
            archive.meter.add(n)
            bytesRead += Int64(n)
            return n
        } catch {
            return stop(archive.failureNote(error, bytes: bytesRead))
        }
    }

    /// Ends this member and the whole archive (libarchive cannot go on after a fatal error,
    /// and a limit stops the stream), noting why on this source.
    private func stop(_ note: String) -> Int {
        ended = true
        endNote = note
        archive.stopped = true
        archive.noted = true
        return 0
    }
}
