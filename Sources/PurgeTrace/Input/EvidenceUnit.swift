/// One unit of evidence: one device (incident-model.md §3). A loose file, an archive,
/// or one entry of a folder given on the command line.
public struct EvidenceUnit: Sendable, Equatable {
    /// The device name: the path as given (`logs/device-a.log`, `inbox/case-7.tar.gz`),
    /// `stdin` for `-`, or `--device NAME`.
    public var device: String
    /// File-system paths (or `-`) read for this unit, with the names they are reported under.
    public var members: [Member]

    public struct Member: Sendable, Equatable {
        public var fileSystemPath: String
        public var displayName: String
        /// The real path of the folder (a PATH argument) this member is an entry of, or nil
        /// for a PATH argument itself. An entry is read like any file inside a folder:
        /// unreadable is a note, not an error, and a symlink is not followed.
        public var folder: String?
        public init(fileSystemPath: String, displayName: String, folder: String? = nil) {
            self.fileSystemPath = fileSystemPath
            self.displayName = displayName
            self.folder = folder
        }
    }

    public init(device: String, members: [Member]) {
        self.device = device
        self.members = members
    }
}
