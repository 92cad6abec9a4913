public import ConcurrencyExtras
public import Dependencies

/// Runs one feature for one request: reduces actions, runs their effects, reports the outcome.
///
/// A store lives as long as its request. Its actor executor is the accepting event loop, so the
/// first reduce runs inside the HTTP callback (`startInPlace`) and an answer that
/// needs no effect is given before the callback returns. Effects are tasks preferring the loop's
/// task executor, started at once up to their first suspension; what they send comes back in the
/// same turn when they send it on the loop's thread, as a job when they resumed elsewhere.
/// Cancellation ids are this store's alone, and once the observer reports the state finished,
/// every remaining effect is cancelled.
///
/// The actor is final and its code inlinable, so that each feature's store is compiled for that
/// feature's reducer where its endpoint is built (AppFeature's `Endpoint`); without `final`, its
/// methods were called through the class's method table and none was specialized (measured). Run
/// unspecialized, from a generic context, the store looked up its own generic type, `Result`'s and
/// their conformances in the runtime's tables, sixteen lookups a request, and called its reducer
/// through a witness table (BENCHMARKS.md). Its members are therefore internal,
/// `@usableFromInline`, rather than private.
///
/// Its stored properties skip the runtime's exclusivity check (`@exclusivity(unchecked)`): only the
/// actor's own isolated code touches them, on its executor, and no access to one overlaps another
/// access to the same property. The reducer gets the state, never the store. An observer, called
/// while the state is lent to it, may reach the store synchronously only through `cancelAll()` (an
/// answer that closes its connection, a stream that ends), which touches `isFinished` and
/// `effects`, never the state: keep it so, for an overlapping access is no longer caught. The checks
/// cost eleven runtime calls a request on the store, eighteen with the loop's own (BENCHMARKS.md,
/// forty-third run).
///
/// ```swift
/// let executors = StoreExecutors(serial: loop.serialExecutor, task: loop.taskExecutor)
/// let store = Store(initialState: .init(), reducer: TodosFeature(), executors: executors,
///                   observer: observer)
/// store.startInPlace(.fetch(id))   // on the loop's thread, in its callback
/// ```
public final actor Store<R: Reducer> where R.State: Sendable, R.Action: RoutableAction {
    /// The executors this store and its effects run on.
    public nonisolated let executors: StoreExecutors
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executors.serial.asUnownedSerialExecutor() }

    /// The current state.
    public var state: R.State { current }
    /// The state the reducer works on, in place; `state` shows it.
    @exclusivity(unchecked) @usableFromInline var current: R.State
    /// Dependency values every reduce and effect runs with; `nil` uses the process's prepared values.
    @exclusivity(unchecked) public var dependencies: DependencyValues?

    @usableFromInline let reducer: R
    @usableFromInline let observer: StoreObserver<R.State, R.Action>
    @exclusivity(unchecked) @usableFromInline var effects = RunningEffects()
    @exclusivity(unchecked) @usableFromInline var isFinished = false
    /// The action reduced last while effects were still running: what a stall their end reveals is
    /// reported with. Boxed, because the store's deinit is never compiled for its reducer, and there
    /// an `R.Action?` field made the runtime look up `Optional<R.Action>`'s metadata on every
    /// request (its deinit 1,166 → 768 instructions: BENCHMARKS.md); a class reference is released
    /// without it. The box is made once and refilled, as a stream's store reduces one action per
    /// event.
    @exclusivity(unchecked) @usableFromInline var lastAction: ReducedAction<R.Action>?
    /// Whether store code is on the stack: what effects hand back now waits in `mailbox` (see
    /// `accept`).
    @exclusivity(unchecked) @usableFromInline var isBusy = false
    /// What effects handed back while store code was on the stack, in arrival order.
    @exclusivity(unchecked) @usableFromInline var mailbox: [Delivery] = []

    /// What an effect hands back to its store. A value rather than a closure doing the work: a
    /// closure's context was an allocation for each of the two a request's effect hands back.
    @usableFromInline
    enum Delivery: Sendable {
        /// An action to reduce.
        case action(R.Action)
        /// The end of the effect task with this token.
        case effectEnded(Int)
    }

    /// Creates a store; nothing runs until `start(_:)` or `startInPlace(_:)`.
    @inlinable
    public init(
        initialState: R.State,
        reducer: R,
        executors: StoreExecutors,
        dependencies: DependencyValues? = nil,
        observer: StoreObserver<R.State, R.Action> = .init()
    ) {
        self.current = initialState
        self.reducer = reducer
        self.executors = executors
        self.dependencies = dependencies
        self.observer = observer
    }

    /// Reduces the public `request`: the only way into a store from outside.
    @inlinable
    public func start(_ request: R.Action.Request) {
        accept(.request(request))
    }

    /// Reduces the public `request` at once, from the thread of the store's executor, which the
    /// caller must be on (libevent's callback on the store's loop): `assumeIsolated { $0.start(_:) }`
    /// without its two allocations. Off that thread the executor's own check stops the process,
    /// naming the loop, as it does for `assumeIsolated`.
    @inlinable
    public nonisolated func startInPlace(_ request: R.Action.Request) {
        if executors.serial.isIsolatingCurrentContext() != true { executors.serial.checkIsolated() }
        acceptIsolated(.action(.request(request)))
    }

    /// How many effect tasks are still running.
    public var runningEffectCount: Int { effects.count }

    /// Replaces the dependency values later reduces and effects run with.
    public func setDependencies(_ values: DependencyValues?) {
        dependencies = values
    }

    /// Cancels every running effect and ends the store: later actions are ignored, and running out
    /// of work is no longer a stall (the request was answered elsewhere: disconnect, deadline, shutdown).
    @inlinable
    public func cancelAll() {
        isFinished = true
        effects.cancelAll()
    }

    /// Reduces `action` now, or — when store code is already on the stack — right after it.
    ///
    /// An effect started by a reduce runs at once, on this thread, and a read that completes without
    /// suspending sends its action before the reduce that started it has returned. Reducing it there
    /// would re-enter the store mid-reduce, so it waits in the mailbox and is handled, in arrival
    /// order, as soon as the work in progress ends — in the same turn of the loop, without a job.
    @inlinable
    func accept(_ action: R.Action) {
        accept(Delivery.action(action))
    }

    /// Handles `delivery` now or after the work in progress, as `accept(_:)` does an action.
    @inlinable
    func accept(_ delivery: Delivery) {
        if isBusy {
            // Room at once for what a request's effect usually hands back: its action and its end.
            if mailbox.isEmpty { mailbox.reserveCapacity(2) }
            mailbox.append(delivery)
        } else {
            exclusively { handle(delivery) }
        }
    }

    @inlinable
    func handle(_ delivery: Delivery) {
        switch delivery {
        case .action(let action): receive(action)
        case .effectEnded(let token): effectEnded(token)
        }
    }

    /// Runs `body` with the store marked busy, then what it put in the mailbox. One binding of the
    /// dependencies covers them all, and the effects they start inherit it (each binding is a
    /// task-local push: BENCHMARKS.md).
    @inlinable
    func exclusively<T>(_ body: () -> T) -> T {
        isBusy = true
        defer { isBusy = false }
        return withOverrides {
            let result = body()
            if !mailbox.isEmpty { handleMailbox() }
            return result
        }
    }

    /// Handles the mailbox by index, since handling may append to it, then empties it by replacing
    /// it (a store lives for one request, so capacity kept is wasted).
    @inlinable
    func handleMailbox() {
        var next = 0
        while next < mailbox.count {
            handle(mailbox[next])
            next += 1
        }
        mailbox = []
    }

    @inlinable
    func receive(_ action: R.Action) {
        guard !isFinished else { return }
        guard reduce(action) else { return }
        // An observer's `cancelAll()` during the reduce finishes the store without an effect left:
        // not a stall.
        if isStalled {
            reportStall(after: action)
        } else if effects.count > 0 {
            if let lastAction { lastAction.action = action } else { lastAction = ReducedAction(action) }
        }
    }

    @inlinable
    func effectEnded(_ token: Int) {
        effects.remove(token)
        reportIfStalled()
    }

    /// Reduces `action` and starts its effects; false once the state is finished.
    @inlinable
    func reduce(_ action: R.Action) -> Bool {
        let effect = reducer.reduce(into: &current, action: action)
        Self.lend(&current) { observer.didReduce(action, $0) }
        if Self.lend(&current, to: observer.isFinished) {
            isFinished = true
            effects.cancelAll()
            Self.lend(&current, to: observer.didFinish)
            return false
        }
        run(effect, ids: [])
        return true
    }

    /// Calls `body` with `state` in place. Handed over from the store's property, the state would
    /// be copied for each observer callback, every reference it holds retained and then released
    /// (~0.1 µs a request: BENCHMARKS.md).
    @inlinable
    static func lend<T>(_ state: inout R.State, to body: (R.State) -> T) -> T {
        body(state)
    }

    /// Starts `effect`'s work and returns the tasks that carry it.
    @inlinable
    @discardableResult
    func run(_ effect: Effect<R.Action>, ids: Set<AnyHashableSendable>) -> [Task<Void, Never>] {
        switch effect.operation {
        case .none:
            return []
        case .run(let work):
            let send = sender
            return [spawn(ids) { await work(send) }]
        case .merge(let children):
            return children.flatMap { run($0, ids: ids) }
        case .concatenate(let children):
            return [
                spawn(ids) { [self] in
                    for child in children {
                        guard !Task.isCancelled else { return }
                        await waitForAll(await self.runExclusively(child, ids: ids))
                    }
                }
            ]
        case .cancellable(let id, let cancelInFlight, let child):
            if cancelInFlight { effects.cancel(id: id) }
            return run(child, ids: ids.union([id]))
        case .cancel(let id):
            effects.cancel(id: id)
            return []
        case .timeout(let duration, let action, let child):
            let inner = run(child, ids: ids)
            let send = sender
            return [spawn(ids) { await raceTimeout(duration, inner: inner) { await send(action) } }]
        }
    }

    /// Starts a concatenated effect's next child the way a reduce starts its effects.
    @inlinable
    func runExclusively(_ effect: Effect<R.Action>, ids: Set<AnyHashableSendable>) -> [Task<Void, Never>] {
        exclusively { run(effect, ids: ids) }
    }

    /// Delivers an effect's actions back to this store.
    @inlinable
    var sender: Send<R.Action> {
        Send { [self] action in
            if !acceptInPlace(.action(action)) { await accept(action) }
        }
    }

    /// Hands the store `delivery` in place when the effect runs on the store's own thread (an effect
    /// on its loop, which is never running another job meanwhile); false, doing nothing,
    /// otherwise: the caller then sends it as a job on the store's executor, so an action sent in
    /// place may overtake one another effect sent from elsewhere that is still waiting as a job.
    /// In place, a read on the loop's own connection is answered in the turn that asked for it: no
    /// job for its action, none for its end (BENCHMARKS.md).
    @inlinable
    nonisolated func acceptInPlace(_ delivery: Delivery) -> Bool {
        guard executors.serial.isIsolatingCurrentContext() == true else { return false }
        acceptIsolated(delivery)
        return true
    }

    /// Accepts `delivery` from a nonisolated context the caller has checked is this store's executor's:
    /// what `assumeIsolated` does after checking, without its closure reabstracted for any result
    /// type, which cost two allocations a call.
    @inlinable
    nonisolated func acceptIsolated(_ delivery: Delivery) {
        let accept: (isolated Store, Delivery) -> Void = { store, delivery in store.accept(delivery) }
        unsafeBitCast(accept, to: ((Store, Delivery) -> Void).self)(self, delivery)
    }

    @inlinable
    func spawn(_ ids: Set<AnyHashableSendable>, _ body: @escaping @Sendable () async -> Void) -> Task<
        Void, Never
    > {
        let token = effects.nextToken()
        // Started at once, on this thread, up to its first suspension: an effect whose repository
        // call completes without suspending (a bounded read on the loop's own connection) does its
        // work now instead of waiting for the loop to schedule a task. Its body is `@concurrent`, not
        // this store's; what it sends and its end wait in the mailbox until this reduce is over, and
        // may arrive before `insert` below. It inherits the task-local values where it starts — the
        // test's (issue reporting), and the store's dependencies, bound around each reduce and the
        // start of its effects — so it binds nothing itself (a binding per effect cost a sandboxed
        // request ~1 µs: BENCHMARKS.md).
        let task = Task.immediate(executorPreference: executors.task) { @concurrent [self] in
            await body()
            if !acceptInPlace(.effectEnded(token)) { await accept(Delivery.effectEnded(token)) }
        }
        effects.insert(task, token: token, ids: ids)
        return task
    }

    /// Whether the store has no work left and no answer: nothing will ever finish it.
    @inlinable
    var isStalled: Bool { effects.count == 0 && !isFinished }

    @inlinable
    func reportIfStalled() {
        guard isStalled, let lastAction else { return }
        reportStall(after: lastAction.action)
    }

    /// Kept apart from the check above, which runs after every reduce and every effect's end, and
    /// not inlinable: the rare case stays generic, out of each feature's specialized store.
    @usableFromInline
    @inline(never)
    func reportStall(after action: R.Action) {
        observer.didStall(current, action)
    }

    @inlinable
    func withOverrides<T>(_ body: () -> T) -> T {
        guard let dependencies else { return body() }
        // The store's values replace the current ones wholesale, so they are bound directly:
        // `withDependencies` would first read and copy the current values only to overwrite them.
        return DependencyValues.$_current.withValue(dependencies) { body() }
    }
}
