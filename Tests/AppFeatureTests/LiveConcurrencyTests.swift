import CounterpartTestSupport
import EventHTTP
import Testing

@Suite("Live: effects, disconnects, loops and shutdown")
struct LiveConcurrencyTests {
    @Test("a client that disconnects while its effect runs gets the effect cancelled")
    func disconnectCancels() async throws {
        let gate = Gate()
        try await LiveServer.run(gate: gate) { server, port in
            let client = try HTTPClient(port: port)
            try client.send("GET", "/slow")
            #expect(await eventually { gate.waiting == 1 })
            client.closeNow()
            #expect(await eventually { gate.cancellations == 1 })
            #expect(server.statistics().clientClosed == 1)
            #expect(await eventually { server.statistics().inFlight == 0 })
        }
    }

    @Test("a request's store is released once it has answered, effects or not")
    func storesAreReleased() async throws {
        let gate = Gate()
        let released = AttemptCounter()
        gate.open()
        try await LiveServer.run(gate: gate, released: released) { _, port in
            let client = try HTTPClient(port: port)
            for _ in 0..<20 {
                #expect(try client.request("GET", "/slow").status == 200)
            }
            #expect(try client.request("GET", "/boom").status == 500)
            #expect(await eventually { released.value == 21 }, "released \(released.value) of 21 stores")
        }
    }

    @Test("a slow effect never stalls its loop: other requests on the same loop are answered meanwhile")
    func slowEffectDoesNotStallLoop() async throws {
        let gate = Gate()
        try await LiveServer.run(gate: gate) { server, port in
            let slow = try HTTPClient(port: port)
            try slow.send("GET", "/slow")
            #expect(await eventually { gate.waiting == 1 })
            let other = try HTTPClient(port: port)
            for _ in 0..<50 {
                #expect(try other.request("GET", "/health").status == 200)
            }
            gate.open()
            let answer = try slow.readResponse()
            #expect(answer.status == 200)
            #expect(answer.text == #"{"done":true}"#)
            let waited = answer.header("Server-Timing")?.split(separator: "=").last.flatMap { Double($0) }
            #expect((waited ?? 0) > 0, "the effect's wait is reported as repo;dur")
            #expect(server.statistics().fastPathReplies == 50)
        }
    }

    @Test("several loops accept and serve connections concurrently")
    func severalLoops() async throws {
        let gate = Gate()
        try await LiveServer.run(gate: gate, configure: { $0.loops = 2 }) { server, port in
            let clients = try (0..<16).map { _ in try HTTPClient(port: port) }
            for client in clients { try client.send("GET", "/slow") }
            #expect(await eventually { gate.waiting == 16 })
            let perLoop = server.statisticsPerLoop()
            #expect(perLoop.count == 2)
            #expect(perLoop.allSatisfy { $0.inFlight > 0 }, "the kernel spread 16 connections over both listeners")
            gate.open()
            for client in clients { #expect(try client.readResponse().status == 200) }
        }
    }

    @Test("shutdown stops accepting, lets an in-flight request finish, and answers health 503 draining")
    func shutdownDrains() async throws {
        let gate = Gate()
        // A deadline no loaded machine reaches before the test opens the gate: this is about draining.
        try await LiveServer.run(gate: gate, configure: { $0.shutdownTimeout = .seconds(600) }) { server, port in
            let slow = try HTTPClient(port: port)
            let idle = try HTTPClient(port: port)
            #expect(try idle.request("GET", "/health").status == 200)
            try slow.send("GET", "/slow")
            #expect(await eventually { gate.waiting == 1 })
            let shutdown = Task { await server.shutdown() }
            // Shutdown runs on the cooperative pool, which the rest of the suite shares: a generous
            // upper bound, not a timing assertion. With every test started at once, the task began
            // over 20 s late (RELIABILITY.md, "the cooperative pool"); Scripts/test runs 8 at a time.
            #expect(
                await eventually(within: .seconds(120)) { (try? HTTPClient(port: port)) == nil },
                "the listener is closed")
            let draining = try idle.request("GET", "/health")
            #expect(draining.status == 503)
            #expect(draining.text == #"{"status":"draining"}"#)
            #expect(draining.header("Connection") == "close")
            gate.open()
            let answer = try slow.readResponse()
            #expect(answer.status == 200)
            await shutdown.value
            #expect(gate.cancellations == 0)
        }
    }

    @Test("shutdown past its timeout cancels what is still running and answers it 503")
    func shutdownTimeoutCancels() async throws {
        let gate = Gate()
        try await LiveServer.run(gate: gate, configure: { $0.shutdownTimeout = .milliseconds(100) }) { server, port in
            let slow = try HTTPClient(port: port)
            try slow.send("GET", "/slow")
            #expect(await eventually { gate.waiting == 1 })
            await server.shutdown()
            #expect(try slow.readResponse().status == 503)
            #expect(gate.cancellations == 1)
        }
    }
}
