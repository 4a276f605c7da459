import Foundation

/// Runs `work` for indices 0..<count on `workers` threads and hands each result to
/// `deliver` on the calling thread in index order. At most `lookahead` results wait
/// to be delivered, so memory stays bounded however many units a scan has, and
/// whatever the worker count, `deliver` sees the same sequence — which is what makes
/// reports and databases independent of `--jobs`.
public enum OrderedWorkers {
    public static func run<T>(count: Int, workers: Int, lookahead: Int? = nil,
                              work: @escaping @Sendable (Int) -> T,
                              deliver: (Int, T) throws -> Void) rethrows {
        guard count > 0 else { return }
        let workers = max(1, min(workers, count))
        if workers == 1 {
            for i in 0..<count { try deliver(i, work(i)) }
            return
        }
        let state = SharedState<T>(window: max(workers, lookahead ?? workers * 2))
        let group = DispatchGroup()
        for _ in 0..<workers {
            group.enter()
            Thread.detachNewThread {
                while let i = state.claim(count: count) {
                    let result = work(i)
                    state.put(i, result)
                }
                group.leave()
            }
        }
        defer {
            state.cancel()
            group.wait()
        }
        for i in 0..<count {
            let result = state.take(i)
            try deliver(i, result)
        }
    }

    /// Shared between the workers and the delivering thread; all access under one condition.
    private final class SharedState<T>: @unchecked Sendable {
        private let condition = NSCondition()
        private var next = 0
        private var delivered = 0
        private var cancelled = false
        private var results: [Int: T] = [:]
        private let window: Int

        init(window: Int) { self.window = window }

        /// The next index to work on, waiting while too many results are undelivered.
        func claim(count: Int) -> Int? {
            condition.lock()
            defer { condition.unlock() }
            while !cancelled && next < count && next - delivered >= window { condition.wait() }
            guard !cancelled, next < count else { return nil }
            next += 1
            return next - 1
        }

        func put(_ i: Int, _ value: T) {
            condition.lock()
            results[i] = value
            condition.broadcast()
            condition.unlock()
        }

        func take(_ i: Int) -> T {
            condition.lock()
            defer { condition.unlock() }
            while results[i] == nil { condition.wait() }
            delivered = i + 1
            condition.broadcast()
            return results.removeValue(forKey: i)!
        }

        func cancel() {
            condition.lock()
            cancelled = true
            condition.broadcast()
            condition.unlock()
        }
    }
}
