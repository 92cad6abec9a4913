import Dependencies
import HTTPKit
import HTTPTypes
import Reducers

/// The fifth domain the app is proven against (Documentation/adding-a-domain.md): `GET /notes`
/// lists a sandbox's notes, `POST /notes {"text":…}` adds one (201). Small on purpose: a reducer
/// whose effects call an `async throws` repository, like every domain's.
struct NotesFeature: Reducer, Sendable {
    struct State: RespondingState, Equatable {
        var response: Response?
    }

    enum Action: RoutableAction {
        case request(NotesRequest)
        case `internal`(Internal)
    }

    enum Internal: Sendable {
        case listed(TaskResult<[Note]>)
        case added(TaskResult<Note>)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        @Dependency(\.noteRepository) var notes
        switch action {
        case .request(.list):
            return .task({ .internal(.listed($0)) }) { try await notes.list() }
        case .request(.add(let text)):
            return .task({ .internal(.added($0)) }) { try await notes.add(text) }
        case .internal(.listed(.success(let list))):
            state.response = .json(list)
        case .internal(.added(.success(let note))):
            state.response = .json(note, status: .created)
        case .internal(.listed(.failure(let error))), .internal(.added(.failure(let error))):
            state.response = .problem(.answering(error))
        }
        return .none
    }
}

/// What a request to `/notes` asks.
enum NotesRequest: Sendable, Equatable {
    case list
    case add(text: String)
}

/// `/notes`: GET and POST.
struct NotesRoutes: Routes {
    func methods(for path: String) -> [HTTPRequest.Method]? {
        path == "/notes" ? [.get, .post] : nil
    }

    func template(for path: String) -> String { path }

    /// Every request counts against `notes`, the allowance the domain declares.
    func rateLimitResource(_ request: ServerRequest) -> String? { "notes" }

    func route(_ request: ServerRequest, context: RouteContext) throws(RouteError) -> NotesRequest {
        guard request.method == .post else { return .list }
        return .add(text: try JSONBody.decode(NoteDraft.self, from: request).text)
    }
}

/// A note as `POST /notes` takes it.
struct NoteDraft: Decodable, Sendable {
    var text: String
}

/// One note.
struct Note: Sendable, Equatable, JSONWritable {
    var id: Int
    var text: String

    func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.member("id", id)
            object.member("text", text)
        }
    }
}
