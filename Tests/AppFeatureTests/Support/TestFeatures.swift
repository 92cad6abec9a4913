import AppFeature
import HTTPKit
import HTTPTypes
import Reducers
import Synchronization

/// `POST /echo`: decodes a JSON body through HTTPKit's rules and answers it back (201).
struct EchoFeature: Reducer, Sendable {
    struct State: RespondingState, Equatable {
        var response: Response?
    }

    enum Action: RoutableAction {
        case request(Payload)
    }

    struct Payload: Decodable, Sendable, Equatable, JSONWritable {
        var name: String
        var count: Int

        func write(to writer: inout JSONWriter) {
            writer.object { object in
                object.member("name", name)
                object.member("count", count)
            }
        }
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .request(let payload):
            state.response = .json(payload, status: .created)
            return .none
        }
    }
}

struct EchoRoutes: Routes {
    func methods(for path: String) -> [HTTPRequest.Method]? {
        path == "/echo" ? [.post] : nil
    }

    func template(for path: String) -> String { path }

    func route(_ request: ServerRequest, context: RouteContext) throws(RouteError) -> EchoFeature.Payload {
        try JSONBody.decode(EchoFeature.Payload.self, from: request)
    }
}

/// `GET /slow` waits on a gate in an effect; `GET /boom` fails in an effect with a secret message.
struct SlowFeature: Reducer, Sendable {
    struct State: RespondingState, Equatable {
        var response: Response?
        /// Counts its own deallocation, so tests see when a request's store is released.
        var probe: LifetimeProbe?
    }

    enum Action: RoutableAction {
        case request(Request)
        case `internal`(Internal)
    }

    enum Request: Sendable, Equatable {
        case slow
        case boom
    }

    enum Internal: Sendable {
        case finished(VoidTaskResult)
    }

    struct SecretError: Error {
        let message = "password=hunter2 at /var/lib/secret.db"
    }

    let gate: Gate

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .request(.slow):
            return .task({ .internal(.finished($0)) }) { [gate] in try await gate.wait() }
        case .request(.boom):
            return .task({ .internal(.finished($0)) }) { throw SecretError() }
        case .internal(.finished(.success)):
            state.response = .json(bytes: Array(#"{"done":true}"#.utf8))
            return .none
        case .internal(.finished(.failure(let error))):
            state.response = .problem(.answering(error))
            return .none
        }
    }
}

struct SlowRoutes: Routes {
    func methods(for path: String) -> [HTTPRequest.Method]? {
        path == "/slow" || path == "/boom" ? [.get] : nil
    }

    func template(for path: String) -> String { path }

    func route(_ request: ServerRequest, context: RouteContext) throws(RouteError) -> SlowFeature.Request {
        request.path == "/slow" ? .slow : .boom
    }
}

/// An object whose deinit is counted: held in a store's state, it shows the store was released.
final class LifetimeProbe: Sendable, Equatable {
    let released: AttemptCounter

    init(released: AttemptCounter) {
        self.released = released
    }

    deinit { _ = released.increment() }

    static func == (lhs: LifetimeProbe, rhs: LifetimeProbe) -> Bool { lhs === rhs }
}

/// Counts events from any thread.
final class AttemptCounter: Sendable {
    private let count = Atomic<Int>(0)

    func increment() -> Int { count.add(1, ordering: .relaxed).newValue }
    var value: Int { count.load(ordering: .relaxed) }
}
