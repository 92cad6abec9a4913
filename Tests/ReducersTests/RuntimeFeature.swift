import Dependencies
import Reducers

/// A feature whose requests each exercise one effect operator, with steps logged into state.
struct RuntimeFeature: Reducer, Sendable {
    struct State: Equatable, Sendable {
        var log: [String] = []
        var answer: String?
    }

    enum Action: RoutableAction {
        case request(Request)
        case `internal`(Internal)
    }

    enum Request: Sendable, Equatable {
        case merge
        case concatenate
        case startLong(cancelInFlight: Bool)
        case cancelLong
        case timeout
        case retry(failures: Int, maxAttempts: Int)
        case answerWhileWorking
        case fail
        case readInPlace
        case readTwiceInPlace
        case finishInPlace
    }

    enum Internal: Sendable {
        case step(String)
        case timedOut
        case fetched(TaskResult<Int>)
    }

    enum CancelID: Hashable, Sendable { case long }

    let attempts: AttemptCounter

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        @Dependency(\.continuousClock) var clock
        switch action {
        case .request(.merge):
            return .merge(
                .run { send in
                    try await clock.sleep(for: .seconds(2))
                    await send(.internal(.step("slow")))
                },
                .run { send in
                    try await clock.sleep(for: .seconds(1))
                    await send(.internal(.step("fast")))
                }
            )
        case .request(.concatenate):
            return .concatenate(
                .run { send in
                    try await clock.sleep(for: .seconds(2))
                    await send(.internal(.step("first")))
                },
                .run { send in
                    try await clock.sleep(for: .seconds(1))
                    await send(.internal(.step("second")))
                }
            )
        case .request(.startLong(let cancelInFlight)):
            state.log.append("started")
            return .run { send in
                try await clock.sleep(for: .seconds(10))
                await send(.internal(.step("long")))
            }
            .cancellable(id: CancelID.long, cancelInFlight: cancelInFlight)
        case .request(.cancelLong):
            return .cancel(id: CancelID.long)
        case .request(.timeout):
            return .run { send in
                try await clock.sleep(for: .seconds(5))
                await send(.internal(.step("too late")))
            }
            .timeout(.seconds(1), onTimeout: .internal(.timedOut))
        case .request(.retry(let failures, let maxAttempts)):
            let attempts = self.attempts
            return .task({ .internal(.fetched($0)) }, retry: RetryPolicy(maxAttempts: maxAttempts)) {
                let attempt = attempts.increment()
                if attempt <= failures { throw FlakyError() }
                return attempt
            }
        case .request(.answerWhileWorking):
            state.answer = "answered"
            return .run { _ in try await clock.sleep(for: .seconds(60)) }
        case .request(.fail):
            return .run { _ in throw FlakyError() }
        case .request(.readInPlace):
            return .task({ .internal(.fetched($0)) }) { 42 }
        case .request(.readTwiceInPlace):
            return .merge(
                .task({ .internal(.fetched($0)) }) { 1 },
                .task({ .internal(.fetched($0)) }) { 2 }
            )
        case .request(.finishInPlace):
            state.log.append("started")
            return .run { _ in }
        case .internal(.step(let name)):
            state.log.append(name)
            return .none
        case .internal(.timedOut):
            state.log.append("timed out")
            return .none
        case .internal(.fetched(.success(let value))):
            state.log.append("fetched \(value)")
            return .none
        case .internal(.fetched(.failure)):
            state.log.append("gave up")
            return .none
        }
    }
}

/// A transient failure, so retries apply.
struct FlakyError: RetryableError, Equatable {
    var isTransient: Bool { true }
}
