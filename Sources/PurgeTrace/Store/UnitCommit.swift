/// Everything one unit (one case, one device's evidence) adds to the timeline database,
/// committed in one transaction by `TimelineStore.commit(_:records:recompute:)`.
public struct UnitCommit: Sendable {
    /// Path as given on the command line (`inbox/case-7.tar.gz`).
    public var path: String
    /// `UnitIdentity.sha256(of: sources)` for a unit that was read; for a unit that could
    /// not be read, any stable identity of it (a later successful commit replaces it).
    public var sha256: String
    /// The device the unit's evidence belongs to (incident-model.md §3).
    public var device: String
    /// nil when the unit was read; the one-line reason when it could not be.
    public var error: String?
    /// The unit's sources (files and archive members).
    public var sources: [SourceFacts]
    /// The unit's event signals (records matched by event rules). Correlation signals
    /// are device-level and come back from the `recompute` closure.
    public var signals: [Signal]
    /// Warnings about the unit as a whole (not tied to one source).
    public var warnings: [String]
    /// The rules the signals were matched with; the database keeps the latest.
    public var rules: RulesInfo?
    /// Where `unit_cache` remembers this unit's identity, written in the commit's own
    /// transaction: a kill can never leave a unit committed but unknown to the cache (the
    /// next run would read it again only to find it there).
    public var cacheEntry: UnitCacheEntry?

    public init(path: String, sha256: String, device: String, error: String? = nil, sources: [SourceFacts] = [],
                signals: [Signal] = [], warnings: [String] = [], rules: RulesInfo? = nil) {
        self.path = path
        self.sha256 = sha256
        self.device = device
        self.error = error
        self.sources = sources
        self.signals = signals
        self.warnings = warnings
        self.rules = rules
    }
}

/// A `unit_cache` row: the unit's key (its path), size and modification time.
public struct UnitCacheEntry: Sendable, Equatable {
    public var key: String
    public var size: Int64
    /// Nanoseconds since 1970.
    public var modified: Int64

    public init(key: String, size: Int64, modified: Int64) {
        self.key = key
        self.size = size
        self.modified = modified
    }
}

/// The rule set an ingest ran with, as far as reports need it.
public struct RulesInfo: Sendable, Equatable {
    public var loaded: Int
    public var errors: [String]
    /// Optional detail kept in the `rules` table: (id, signal, title, level, file, line).
    public var rules: [Entry]

    public struct Entry: Sendable, Equatable {
        public var id: String
        public var signal: String
        public var title: String?
        public var level: String?
        public var file: String
        public var line: Int
        public init(id: String, signal: String, title: String? = nil, level: String? = nil, file: String = "", line: Int = 0) {
            self.id = id
            self.signal = signal
            self.title = title
            self.level = level
            self.file = file
            self.line = line
        }

        public init(_ header: RuleHeader) {
            self.init(id: header.id, signal: header.signal, title: header.title, level: header.level?.rawValue,
                      file: header.file, line: header.line)
        }
    }

    public init(loaded: Int, errors: [String] = [], rules: [Entry] = []) {
        self.loaded = loaded
        self.errors = errors
        self.rules = rules
    }
}
