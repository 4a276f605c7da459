import Foundation

/// How many threads may read and match at once in one run, shared by everything that
/// starts workers: unit workers hold one each while they read a unit, and a big plain
/// file takes what is free to read its byte ranges in parallel. So `--jobs N` means N busy
/// cores whether a run has many small units or one big file, never N × N.
public final class WorkerBudget: @unchecked Sendable {
    // @unchecked: all state is behind `condition`.
    private let condition = NSCondition()
    private var free: Int
    public let total: Int

    public init(workers: Int) {
        total = max(1, workers)
        free = total
    }

    /// Takes one worker, waiting until one is free.
    public func acquire() {
        condition.lock()
        while free == 0 { condition.wait() }
        free -= 1
        condition.unlock()
    }

    /// Takes up to `wanted` workers without waiting; how many were taken (maybe 0).
    public func take(upTo wanted: Int) -> Int {
        condition.lock()
        defer { condition.unlock() }
        let n = min(max(0, wanted), free)
        free -= n
        return n
    }

    public func release(_ count: Int = 1) {
        guard count > 0 else { return }
        condition.lock()
        free += count
        condition.broadcast()
        condition.unlock()
    }
}
