public import ConcurrencyExtras

/// Work a reducer asks the runtime to do after it returns, described as data.
///
/// Reducers never await; they return an `Effect` and the store runs it on the request's loop,
/// feeding results back as actions. Effects compose (`merge`, `concatenate`), can be cancelled by id
/// within their own store, time out and retry.
///
/// ```swift
/// case .request(.fetch(let id)):
///     return .task({ .internal(.fetched($0)) }) { try await todos.fetch(id) }
/// ```
public struct Effect<Action: Sendable>: Sendable {
    @usableFromInline
    indirect enum Operation: Sendable {
        case none
        case run(@Sendable (Send<Action>) async -> Void)
        case merge([Effect<Action>])
        case concatenate([Effect<Action>])
        case cancellable(id: AnyHashableSendable, cancelInFlight: Bool, Effect<Action>)
        case cancel(id: AnyHashableSendable)
        case timeout(Duration, onTimeout: Action, Effect<Action>)
    }

    @usableFromInline let operation: Operation

    @usableFromInline
    init(_ operation: Operation) {
        self.operation = operation
    }

    /// No work.
    public static var none: Self { Self(.none) }

    /// Runs `effects` concurrently.
    public static func merge(_ effects: Self...) -> Self { merge(effects) }

    /// Runs `effects` concurrently.
    public static func merge(_ effects: [Self]) -> Self {
        let work = effects.filter { if case .none = $0.operation { false } else { true } }
        switch work.count {
        case 0: return .none
        case 1: return work[0]
        default: return Self(.merge(work))
        }
    }

    /// Runs `effects` one after another, each starting when the previous has finished.
    public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

    /// Runs `effects` one after another, each starting when the previous has finished.
    public static func concatenate(_ effects: [Self]) -> Self {
        let work = effects.filter { if case .none = $0.operation { false } else { true } }
        switch work.count {
        case 0: return .none
        case 1: return work[0]
        default: return Self(.concatenate(work))
        }
    }

    /// This effect with every action it sends turned into another action type.
    public func map<Other: Sendable>(_ transform: @escaping @Sendable (Action) -> Other) -> Effect<Other> {
        switch operation {
        case .none:
            return .none
        case .run(let work):
            return Effect<Other>(.run { send in await work(Send { await send(transform($0)) }) })
        case .merge(let effects):
            return Effect<Other>(.merge(effects.map { $0.map(transform) }))
        case .concatenate(let effects):
            return Effect<Other>(.concatenate(effects.map { $0.map(transform) }))
        case .cancellable(let id, let cancelInFlight, let effect):
            return Effect<Other>(.cancellable(id: id, cancelInFlight: cancelInFlight, effect.map(transform)))
        case .cancel(let id):
            return Effect<Other>(.cancel(id: id))
        case .timeout(let duration, let onTimeout, let effect):
            return Effect<Other>(.timeout(duration, onTimeout: transform(onTimeout), effect.map(transform)))
        }
    }
}
