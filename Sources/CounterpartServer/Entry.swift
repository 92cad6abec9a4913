import ArgumentParser
import Dispatch
import Glibc

/// The process's entry point: runs `serve` (``ServeArguments``) or another ``Counterpart`` command on
/// the concurrency pool while the main thread waits for it.
///
/// An `async` `@main` parks the main thread in `dispatchMain()` once its first step suspends, and on
/// Linux that leaves through `pthread_exit`: unwinding the main thread's stack binary-searches the
/// unwind tables of every image on it, and the pages it reads stay resident for the life of the
/// process (BENCHMARKS.md). Waiting here keeps the thread instead. Nothing in
/// Counterpart runs on the main queue, so no work waits for a thread that never drains it.
@main
enum Entry {
    static func main() {
        let commandLine = Array(CommandLine.arguments.dropFirst())
        let finished = DispatchSemaphore(value: 0)
        // Detached: a task created here would inherit the main actor, whose queue nobody drains now.
        Task.detached {
            if let arguments = Serve.arguments(in: commandLine) {
                exit(await Serve.main(arguments))
            }
            await Counterpart.main()
            finished.signal()
        }
        finished.wait()
    }
}
