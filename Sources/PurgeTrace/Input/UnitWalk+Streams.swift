import ArchiveKit

extension UnitWalk {
    /// One byte stream: a container (opened, its content read in turn), binary content (a
    /// note), or a text source (scanned). `depth` counts the container layers around it.
    func readStream(_ stream: ByteStream, name: String, depth: Int) throws(ToolError) {
        let head = [UInt8](unsafeUninitializedCapacity: SourceScanner.headSize) { buffer, count in
            count = stream.fill(UnsafeMutableRawBufferPointer(buffer))
        }
        let content = PrefixedStream(head: head, rest: stream)
        let container = head.withUnsafeBytes { ContainerKind.sniff($0) }
        if let kind = container {
            guard depth < options.limits.maxDepth else {
                note(name, "skipped: \(kind.rawValue) nested more than \(options.limits.maxDepth) containers deep")
                return
            }
            switch kind {
            case .gzip: try readGzip(content, name: name, depth: depth + 1)
            case .zip, .tar: try readArchive(kind, content, name: name, depth: depth + 1)
            case .bzip2, .xz, .zstd, .compress: try readCompressed(kind, content, name: name, depth: depth + 1)
            }
            return
        }
        let fileName = String(MemberName.fileName(name))
        if let binary = head.withUnsafeBytes({ BinaryContent.kind(of: $0, name: fileName) }) {
            let reason = binary == "tracev3" ? UnitWalk.logarchiveWarning : "skipped: binary content (\(binary))"
            note(name, [reason, stream.endNote])
            return
        }
        var scanner = SourceScanner(path: name, device: unit.device, options: options, time: timeOptions(for: name),
                                    parsers: parsers, budget: workers)
        try scanner.scan(content, into: sink)
    }

    /// gzip is decoded with zlib (exact up to a cut); its content keeps the stream's name.
    private func readGzip(_ stream: ByteStream, name: String, depth: Int) throws(ToolError) {
        let input = ArchiveInput(stream)
        let meter = LayerMeter(kind: .gzip, limits: options.limits, budget: budget) { input.consumed }
        try readStream(GzipLayer(input: input, meter: meter), name: name, depth: depth)
    }

    /// bzip2, xz, zstd and compress through libarchive, as one raw member with the stream's name.
    private func readCompressed(_ kind: ContainerKind, _ stream: ByteStream, name: String, depth: Int) throws(ToolError) {
        guard let archive = open(kind, stream, formats: .raw, name: name) else { return }
        guard !archive.reader.filterNames.isEmpty else {
            // libarchive built without this codec would hand back the compressed bytes.
            note(name, "skipped: \(kind.rawValue) compression is not supported by this build of libarchive")
            return
        }
        do {
            guard try archive.reader.nextEntry() != nil else { return }
        } catch {
            note(name, archive.failureNote(error, bytes: 0))
            return
        }
        try readStream(ArchiveMemberStream(archive), name: name, depth: depth)
    }

    /// zip and tar: every regular member in archive order, named `ARCHIVE!/MEMBER`. A
    /// `*.logarchive` inside gets one note and its members are not read. Finder's
    /// `__MACOSX/` twins (AppleDouble resource forks, one per file) are metadata, not
    /// evidence: skipped without a note, or a zip of 100 logs would carry 100 warnings.
    private func readArchive(_ kind: ContainerKind, _ stream: ByteStream, name: String, depth: Int) throws(ToolError) {
        guard let archive = open(kind, stream, formats: kind == .zip ? .zip : .tar, name: name) else { return }
        var logarchives: Set<String> = []
        while !archive.stopped {
            let entry: ArchiveEntry?
            do {
                entry = try archive.reader.nextEntry()
            } catch {
                if !archive.noted { note(name, archive.failureNote(error, bytes: archive.meter.produced)) }
                return
            }
            guard let entry else { return }
            let path = MemberName.clean(entry.path)
            if let logarchive = MemberName.logarchivePrefix(path) {
                if logarchives.insert(logarchive).inserted {
                    note(MemberName.join(container: name, member: logarchive), UnitWalk.logarchiveWarning)
                }
                continue
            }
            guard entry.kind == .file, !MemberName.isFinderMetadata(path) else { continue }
            try readStream(ArchiveMemberStream(archive), name: MemberName.join(container: name, member: path), depth: depth)
        }
    }

    /// Opens libarchive on a stream; a note (and nil) when it cannot even start.
    private func open(_ kind: ContainerKind, _ stream: ByteStream, formats: ArchiveFormats, name: String) -> OpenArchive? {
        let input = ArchiveInput(stream)
        let meter = LayerMeter(kind: kind, limits: options.limits, budget: budget) { input.consumed }
        do {
            let reader = try ArchiveReader(source: input, formats: formats)
            return OpenArchive(kind: kind, reader: reader, input: input, meter: meter)
        } catch {
            note(name, OpenArchive.failureNote(kind: kind, input: input, error: error, bytes: 0))
            return nil
        }
    }
}
