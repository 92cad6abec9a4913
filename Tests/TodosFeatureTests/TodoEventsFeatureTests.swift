import CasePathsCore
import Dependencies
import Foundation
import HTTPKit
import Reducers
import ReducersTesting
import Testing

@testable import TodosFeature

/// `GET /todos/events` as a long-living effect, step by step: the stream opens once subscribed, each batch of changes
/// is one chunk, and the effect ends when the client leaves or the store goes.
@Suite("TodoEventsFeature reducer")
struct TodoEventsFeatureTests {
    static let base = "http://localhost:8080/sandboxes/demo"
    static let todo = TodosSeed.demo[0]

    func makeStore(events: TodoEventLog) -> TestStore<TodoEventsFeature> {
        TestStore(initialState: TodoEventsFeature.State()) {
            TodoEventsFeature(TodoEventSettings(retry: .seconds(3)))
        } withDependencies: {
            $0.todoEvents = events
        } isFinished: {
            $0.stream?.isEnded == true
        }
    }

    /// A stream that has sent `chunks`, in order.
    func streamed(_ chunks: [UInt8]...) -> StreamedBody {
        var stream = StreamedBody()
        for chunk in chunks { stream.send(chunk) }
        return stream
    }

    @Test(
        "the stream opens with retry; a change is one event with the subscriber's URLs; leaving ends the effect"
    )
    func subscription() async throws {
        let events = TodoEventLog()
        let store = makeStore(events: events)
        let retry = Array("retry: 3000\n\n".utf8)
        await store.send(TodoEventsRequest(lastEventID: nil, baseURL: Self.base)) {
            $0.baseURL = Self.base
        }
        await store.receive(\.internal.subscribed) {
            $0.response = .eventStream()
            $0.stream = streamed(retry)
        }
        #expect(events.subscriberCount == 1, "the head goes out once the feed holds the place")
        events.publish(.updated(Self.todo))
        let event = Array(
            """
            id: \(events.epoch)-1
            data: {"type":"updated","todo":{"id":"deadbeef-dead-beef-dead-beefdeadbeef","description":"Check Mail",\
            "isComplete":false,"order":0,"createdAt":"2026-01-01T00:00:00Z","updatedAt":"2026-01-01T00:00:00Z",\
            "url":"\(Self.base)/todos/deadbeef-dead-beef-dead-beefdeadbeef"}}


            """.utf8)
        await store.receive(\.internal.received) {
            $0.stream = streamed(retry, event)
        }
        store.cancelAll()
        await store.finish()
        #expect(events.subscriberCount == 0, "the feed's effect was cancelled with the stream")
    }

    @Test("resuming sends what was missed in one chunk; a store that goes ends the stream")
    func resumeThenStoreGone() async throws {
        let events = TodoEventLog()
        events.publish(.deleted([Self.todo.id]))
        events.publish(.reordered([Self.todo.id]))
        let store = makeStore(events: events)
        let retry = Array("retry: 3000\n\n".utf8)
        await store.send(TodoEventsRequest(lastEventID: TodoEventID(epoch: events.epoch, sequence: 0), baseURL: ""))
        await store.receive(\.internal.subscribed) {
            $0.response = .eventStream()
            $0.stream = streamed(retry)
        }
        let missed = Array(
            """
            id: \(events.epoch)-1
            data: {"type":"deleted","ids":["deadbeef-dead-beef-dead-beefdeadbeef"]}

            id: \(events.epoch)-2
            data: {"type":"reordered","ids":["deadbeef-dead-beef-dead-beefdeadbeef"]}


            """.utf8)
        await store.receive(\.internal.received) {
            $0.stream = streamed(retry, missed)
        }
        events.close()
        await store.receive(\.internal.received) {
            $0.stream = streamed(retry, missed, Array("id: \(events.epoch)-2\ndata: {\"type\":\"refetch\"}\n\n".utf8))
        }
        await store.receive(\.internal.feedEnded) {
            $0.stream?.end()
        }
        await store.finish()
    }
}
