extension LogRecord {
    /// Lends `body` a `RecordView` of this record, for running rules on records that are
    /// already owned (rule examples, `rules explain`, tests). The view is valid only
    /// inside `body`.
    public func withView<T>(_ body: (RecordView) throws -> T) rethrows -> T {
        // One buffer holds every text field; the view's pointers are slices of it.
        var storage: [UInt8] = []
        func append(_ s: String?) -> Range<Int>? {
            guard let s else { return nil }
            let start = storage.count
            storage.append(contentsOf: s.utf8)
            return start..<storage.count
        }
        let textRange = append(text)!
        let messageRange = append(message)!
        let processRange = append(process)
        let subsystemRange = append(subsystem)
        let categoryRange = append(category)
        let senderRange = append(sender)
        return try storage.withUnsafeBytes { buffer in
            func slice(_ r: Range<Int>) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: buffer[r]) }
            var view = RecordView(time: time, utcOffset: utcOffset, text: slice(textRange), message: slice(messageRange),
                                  line: line, byteOffset: byteOffset)
            view.process = processRange.map(slice)
            view.subsystem = subsystemRange.map(slice)
            view.category = categoryRange.map(slice)
            view.sender = senderRange.map(slice)
            view.pid = pid
            view.thread = thread
            view.level = level
            return try body(view)
        }
    }
}
