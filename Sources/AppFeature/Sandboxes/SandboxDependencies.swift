@_spi(Internals) import Dependencies
import Foundation
import Storage

/// How a sandbox's dependency values are made from the default sandbox's.
///
/// swift-dependencies reads a value through `@Dependency` by merging the values captured where it
/// is declared with the current ones: a copy of every value *set* on them, on every read. Values
/// prepared at boot (`prepareDependencies`) are not set on the values but kept in the library's
/// cache, so reading them copies nothing. A sandbox whose six stores were set on its values paid
/// that copy on each read: with the task-local binding, a cached todo ran at 0.93× the default
/// sandbox's rate, an uncached one at 0.88× (BENCHMARKS.md). So the server's sandboxes are
/// prepared the same way, in a cache of their own that starts as a copy of the prepared one
/// (`@_spi(Internals)`: swift-dependencies 1.17's `CachedValues`), and a read costs what it costs
/// in the default sandbox. The few the hot reducers read at every request are set on both, the
/// default's included (`pinningHot`, from each domain's `hotDependencies`). Values passed in explicitly (tests) are set on, as they
/// always were.
enum SandboxDependencies: Sendable {
    /// The server's: the default sandbox's values are the prepared ones.
    case prepared
    /// Tests': the default sandbox's values were passed in, set on a `DependencyValues`.
    case overriding

    /// `base` with `overrides` applied. `overrides` must only assign, never read: in a prepared
    /// sandbox it runs against values that are still empty.
    func values(
        over base: DependencyValues, domains: [Domain], _ overrides: (inout DependencyValues) -> Void
    ) -> DependencyValues {
        switch self {
        case .overriding:
            var values = base
            overrides(&values)
            return values
        case .prepared:
            // New values come with a cache of their own, and run in the context of the base's.
            var values = DependencyValues()
            values.context = base.context
            let cache = values.cachedValues
            DependencyValues.$_current.withValue(values) { prepareDependencies(overrides) }
            let prepared = base.cachedValues
            prepared.lock.lock()
            let inherited = prepared.cached
            prepared.lock.unlock()
            cache.lock.lock()
            cache.cached.merge(inherited) { own, _ in own }
            cache.lock.unlock()
            return Self.pinningHot(values, domains: domains)
        }
    }

    /// `values` with the dependencies the hot reducers read at every request
    /// (`DependencyValues.current`: the response cache, and each domain's `hotDependencies`) set on
    /// them. A prepared value is read through the library's cache — a task-local issue context, a
    /// lock, a dynamic cast: ~0.4 µs a read, 5 % of an uncached `GET /todos/{id}`, which reads two
    /// in each of its two reduces (measured) — a set one from the values themselves. `@Dependency`
    /// reads elsewhere copy the pinned ones on each read, so only the hot ones are.
    static func pinningHot(_ values: DependencyValues, domains: [Domain]) -> DependencyValues {
        var pinned = values
        pinned.responseCache = values.responseCache
        for domain in domains { domain.hotDependencies(&pinned) }
        return pinned
    }
}
