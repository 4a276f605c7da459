/// The outcome of reading a timestamp shape at a position of a line.
enum StampMatch {
    /// The bytes do not have the shape.
    case none
    /// The shape is there but a value is out of range (month 13, hour 25): a broken record.
    case invalid
    case ok(Stamp, end: Int)
}
