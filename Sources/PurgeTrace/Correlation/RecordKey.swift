/// Identity of the record a signal came from (one device per correlation run): two event
/// rules matching one line give two signals of one record, and a record fills at most one
/// step of a match (contract §4.3).
struct RecordKey: Hashable, Sendable {
    var source: String
    var line: Int
}
