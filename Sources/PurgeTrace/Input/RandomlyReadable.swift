/// A byte stream that is a plain file read from its start, readable at any offset too.
protocol RandomlyReadable {
    var randomAccess: RandomAccessFile? { get }
}
