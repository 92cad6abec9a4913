#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A serial executor and a task executor over one FIFO queue that the test thread pumps.
///
/// architecture.md §3.5: each `TestStore` owns one, so a test is deterministic without a
/// process-global main-serial-executor hook (which fights Swift Testing's parallelism). Jobs run only
/// inside `runUntilIdle()`, in the order they were enqueued, on the calling thread. Like an event
/// loop's executors, the pumping thread counts as isolated to the serial role, so an effect that
/// sends without suspending reaches its store in place, as in production.
public final class TestExecutor: Sendable {
    /// The executor stores under test are isolated to.
    public let serial: TestSerialExecutor
    /// The executor their effects prefer.
    public let task: TestTaskExecutor
    let queue: JobQueue

    /// Creates an executor pair with an empty queue.
    public init() {
        queue = JobQueue()
        serial = TestSerialExecutor(queue: queue)
        task = TestTaskExecutor(queue: queue)
    }

    /// Runs queued jobs until none is left, including jobs they enqueue; returns how many ran.
    @discardableResult
    public func runUntilIdle() -> Int {
        var ran = 0
        while let job = queue.pop() {
            queue.pumpingThread.withLock { $0 = pthread_self() }
            job.runSynchronously(
                isolatedTo: serial.asUnownedSerialExecutor(), taskExecutor: task.asUnownedTaskExecutor())
            queue.pumpingThread.withLock { $0 = nil }
            ran += 1
        }
        return ran
    }
}

/// The FIFO queue a `TestExecutor`'s two roles share.
final class JobQueue: Sendable {
    private let jobs = Mutex<[UnownedJob]>([])
    /// The thread running a job, while one runs.
    let pumpingThread = Mutex<pthread_t?>(nil)

    /// Whether the calling thread is running one of this queue's jobs.
    var isRunningHere: Bool {
        pumpingThread.withLock { thread in thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    func push(_ job: UnownedJob) {
        jobs.withLock { $0.append(job) }
    }

    func pop() -> UnownedJob? {
        jobs.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}

/// The serial role of a `TestExecutor`: stores under test are isolated to it.
public final class TestSerialExecutor: SerialExecutor {
    let queue: JobQueue

    init(queue: JobQueue) {
        self.queue = queue
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        queue.push(UnownedJob(job))
    }

    public func isIsolatingCurrentContext() -> Bool? {
        queue.isRunningHere
    }

    public func checkIsolated() {
        precondition(
            queue.isRunningHere,
            "A TestStore's store was entered outside TestExecutor.runUntilIdle(); only the pumping test thread may run it."
        )
    }
}

/// The task role of a `TestExecutor`: effects under test prefer it.
public final class TestTaskExecutor: TaskExecutor {
    let queue: JobQueue

    init(queue: JobQueue) {
        self.queue = queue
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        queue.push(UnownedJob(job))
    }
}
