import CLibevent
import Glibc

/// The event-loop threads of a server, started together and joined together.
///
/// One thread per loop runs `EventLoop.run()`; `--loops` defaults to the CPUs in this process's
/// affinity mask, so `taskset` and cpusets are honoured (`compare.sh` pins the server to one core).
public final class LoopGroup: Sendable {
    /// The loops, in index order.
    public let loops: [EventLoop]
    private let threads: [ThreadHandle]

    /// Creates `count` loops and starts a thread for each.
    init(count: Int) throws(EventHTTPError) {
        var loops: [EventLoop] = []
        for index in 0..<max(1, count) {
            loops.append(try EventLoop(index: index))
        }
        self.loops = loops
        threads = loops.map { loop in
            ThreadHandle.spawn {
                // Named, as `top -H`, `perf` and a debugger show it: otherwise a thread takes its
                // creator's name, a Swift concurrency worker's (`….default-qos`).
                counterpart_name_thread(Self.threadName(loop.index))
                loop.run()
            }
        }
    }

    /// The name of loop `index`'s thread: Linux keeps 15 bytes of it.
    static func threadName(_ index: Int) -> String { "event-loop-\(index)" }

    /// Waits for every loop thread to return from its loop.
    func join() {
        for thread in threads { thread.join() }
    }

    /// Waits for every loop thread to return from its loop without blocking the caller's thread: a
    /// thread of its own joins them. `join()` from async code held a cooperative thread — one of two
    /// on two cores — for as long as the slowest loop took to finish its last callback.
    func joined() async {
        await withCheckedContinuation { continuation in
            ThreadHandle.detach {
                self.join()
                continuation.resume()
            }
        }
    }

    /// The number of CPUs this process may run on (`sched_getaffinity`), at least 1.
    public static func availableCPUCount() -> Int {
        Int(counterpart_available_cpus())
    }
}

/// A joinable POSIX thread running one closure.
final class ThreadHandle: Sendable {
    private let thread: pthread_t

    private init(thread: pthread_t) {
        self.thread = thread
    }

    /// Runs `body` on a thread nobody joins: its resources go back when it returns.
    static func detach(_ body: @escaping @Sendable () -> Void) {
        pthread_detach(spawn(body).thread)
    }

    static func spawn(_ body: @escaping @Sendable () -> Void) -> ThreadHandle {
        final class Box: Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        var thread = pthread_t()
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        let result = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<Box>.fromOpaque(context).takeRetainedValue().body()
                return nil
            }, context)
        precondition(result == 0, "pthread_create failed with \(result); the process is out of threads or memory.")
        return ThreadHandle(thread: thread)
    }

    func join() {
        pthread_join(thread, nil)
    }
}
