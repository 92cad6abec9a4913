import Dependencies
import EventHTTP
import HTTPKit
import IssueReporting
import HTTPTypes
import Reducers
import Synchronization

/// Runs one request's store on its loop and answers by the response rule.
///
/// The store is created inside libevent's callback and started there (`startInPlace`), so a reducer
/// that answers without effects — or whose effects complete on the loop without suspending — is
/// answered before the callback returns (the answer leaves at the end of the loop's turn).
/// Otherwise the exchange waits: the first state with a `response` is sent and the leftover effects
/// cancelled; a client disconnect, the deadline or shutdown cancels the store; a store that runs out
/// of work without answering is a programmer error, reported and answered 500. A state whose answer
/// streams (`RespondingState.stream`) keeps its store, and the effects feeding it, until the feature
/// ends the stream or the client leaves (`StreamDelivery`).
enum FeatureRun {
    static func start<R: Reducer>(
        reducer: R,
        initialState: R.State,
        request: R.Action.Request,
        dependencies: DependencyValues?,
        responder: Responder
    )
    where R.State: RespondingState, R.Action: RoutableAction, R: Sendable {
        // The observer's closures capture this one object each, so none allocates a context.
        let waiting = EffectWait(responder: responder)
        let stalled = stallReport(R.self, waiting: waiting)
        // Chosen by the feature's type, so a feature that never streams gets the observer it had
        // before streams existed.
        let delivery = R.State.mayStream ? StreamDelivery(responder: responder) : nil
        let observer: StoreObserver<R.State, R.Action> =
            if let delivery {
                delivery.observer(waiting: waiting, stalled: stalled)
            } else {
                StoreObserver(
                    didReduce: { _, _ in waiting.didReduce() },
                    isFinished: { $0.response != nil },
                    didFinish: { state in waiting.send(state.response) },
                    didStall: stalled
                )
            }
        let loop = responder.exchange.loop
        let store = Store(
            initialState: initialState,
            reducer: reducer,
            executors: StoreExecutors(serial: loop.serialExecutor, task: loop.taskExecutor),
            dependencies: dependencies,
            observer: observer
        )
        delivery?.stopWork = { [weak store] in store?.assumeIsolated { $0.cancelAll() } }
        store.startInPlace(request)
        guard !responder.exchange.isAnswered else { return }
        responder.exchange.awaitResponse { reason in
            let unavailable = responder.abandon(reason, repositoryDuration: waiting.millisecondsSinceStart)
            store.assumeIsolated { $0.cancelAll() }
            return unavailable
        }
    }

    /// What a store that runs out of work without answering does: a programmer error, reported
    /// with what the feature last reduced, and answered 500.
    static func stallReport<R: Reducer>(_: R.Type, waiting: EffectWait) -> @Sendable (R.State, R.Action) -> Void {
        { _, lastAction in
            let responder = waiting.responder
            reportIssue(
                """
                \(R.self) stopped without answering \(responder.request.method.rawValue) \(responder.request.path) \
                (request \(responder.request.id)); the last action it reduced was \(lastAction). Every request \
                must end with `state.response` set: set it in the reducer case that handles that action.
                """
            )
            responder.send(
                .problem(.internalError(cause: "\(R.self) stopped without answering (reported above)")),
                repositoryDuration: waiting.repositoryMilliseconds)
        }
    }
}

/// A request's answer and how long it waited for its effects (repository calls), reported as
/// `Server-Timing: repo;dur`: 0 for an answer its own reduce gave.
///
/// The wait is timed from before the first reduce, because an effect starts at once, and a read on
/// the loop's own connection completes — and is answered — inside the callback that asked for it.
final class EffectWait: Sendable {
    /// Where the answer goes.
    let responder: Responder
    private let started = ContinuousClock.now
    private let reduces = Atomic<Int>(0)

    init(responder: Responder) {
        self.responder = responder
    }

    /// Sends `response`, when the store has one, with the time the request waited for effects.
    func send(_ response: consuming Response?) {
        guard let response else { return }
        responder.send(response, repositoryDuration: repositoryMilliseconds)
    }

    /// Counts a reduce: any after the request's own is an effect's answer.
    func didReduce() {
        reduces.add(1, ordering: .relaxed)
    }

    /// Milliseconds the request waited for its effects: since it reached its store, or 0 when the
    /// request's own reduce answered it.
    var repositoryMilliseconds: Double {
        guard reduces.load(ordering: .relaxed) > 1 else { return 0 }
        return millisecondsSinceStart
    }

    /// Milliseconds since the request reached its store: what a request cut off while its effects
    /// ran spent waiting for them.
    var millisecondsSinceStart: Double {
        (ContinuousClock.now - started).inMilliseconds
    }
}
