#if canImport(Glibc)
import Glibc
#endif

/// Hands the memory the process has freed back to the system, once a bulk write's transaction has
/// ended and SQLite has freed its page cache of up to `Database.bulkWritePageCacheKiB`.
///
/// glibc keeps what is freed for later allocations, and SQLite's pages are freed one by one from
/// the middle of its heaps, so none of it went back by itself: after a reset to another seed
/// regenerated a million pins, `serve` held 320 MiB, and 21 MiB once `malloc_trim(0)` had run
/// (BENCHMARKS.md, fiftieth run). Swift's `Glibc` module does not declare `malloc_trim`, so it is
/// looked up when first needed; a C library without it has nothing to do here.
public enum FreedMemory {
    /// Returns the free pages of every heap to the system.
    public static func returnToSystem() {
        _ = trim?(0)
    }

    private typealias Trim = @convention(c) (Int) -> Int32

    private static let trim: Trim? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: Trim.self)
        #else
        return nil
        #endif
    }()
}
