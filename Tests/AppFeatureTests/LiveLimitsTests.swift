import CounterpartTestSupport
import EventHTTP
import Testing

@Suite("Live: limits")
struct LiveLimitsTests {
    @Test("a body over the route's 64 KiB is 413 payload-too-large")
    func routeBodyLimit() async throws {
        try await LiveServer.run { _, port in
            let body =
                Array(#"{"name":""#.utf8) + Array(repeating: UInt8(ascii: "a"), count: 70_000)
                + Array(#"","count":1}"#.utf8)
            let response = try HTTPClient(port: port).request(
                "POST",
                "/echo",
                headers: [("Content-Type", "application/json")],
                body: body
            )
            #expect(response.status == 413)
            #expect(try problem(response).type == "urn:counterpart:problem:payload-too-large")
        }
    }

    @Test("a body over the hard ceiling is refused by the HTTP layer with 413")
    func hardBodyCeiling() async throws {
        try await LiveServer.run(configure: { $0.maxBodyBytes = 100_000 }) { _, port in
            let response = try HTTPClient(port: port).request(
                "POST",
                "/echo",
                headers: [("Content-Type", "application/json")],
                body: Array(repeating: UInt8(ascii: " "), count: 200_000)
            )
            #expect(response.status == 413)
        }
    }

    @Test("headers over --max-header-bytes are refused before routing")
    func headerLimit() async throws {
        try await LiveServer.run(configure: { $0.maxHeaderBytes = 2048 }) { server, port in
            let client = try HTTPClient(port: port)
            let refused = try? client.request(
                "GET", "/health", headers: [("X-Padding", String(repeating: "p", count: 4096))])
            #expect(refused.map { (400..<500).contains($0.status) } ?? true, "either a 4xx or a closed connection")
            #expect(server.statistics().requests == 0)
            let fresh = try HTTPClient(port: port).request("GET", "/health")
            #expect(fresh.status == 200)
        }
    }

    @Test("an idle keep-alive connection is closed after --idle-timeout")
    func idleTimeout() async throws {
        // Only the idle timer can close it before the client gives up (30 s): the others are far off.
        // No bound on how soon: a loaded machine may run the timer late.
        try await LiveServer.run(configure: {
            $0.idleTimeout = .milliseconds(200)
            $0.headerTimeout = .seconds(120)
        }) { _, port in
            let client = try HTTPClient(port: port)
            #expect(try client.request("GET", "/health").status == 200)
            #expect(client.isClosedByPeer(), "the server closes the idle connection")
        }
    }

    @Test("a client that stalls mid-request is cut off after --idle-timeout")
    func stalledRequest() async throws {
        try await LiveServer.run(configure: {
            $0.idleTimeout = .milliseconds(200)
            $0.headerTimeout = .seconds(120)
        }) { server, port in
            let client = try HTTPClient(port: port)
            try client.write(Array("GET /health HTTP/1.1\r\nHost: x\r\n".utf8))
            #expect(client.isClosedByPeer())
            #expect(server.statistics().requests == 0)
        }
    }

    @Test("past the request deadline the request is answered 503 and its effect cancelled")
    func deadline() async throws {
        let gate = Gate()
        try await LiveServer.run(gate: gate, configure: { $0.requestTimeout = .seconds(1) }) { server, port in
            let response = try HTTPClient(port: port).request("GET", "/slow")
            #expect(response.status == 503)
            #expect(response.header("Retry-After") == "1")
            #expect(try problem(response).type == "urn:counterpart:problem:unavailable")
            let timing = ServerTimingMetrics(response.header("Server-Timing"))
            // Half the deadline: libevent arms it from the time its loop's turn began, so on a busy
            // machine it can fire well before a second has passed by the request's own clock.
            #expect((timing.repo ?? 0) >= 500, "the time cut short waiting for the effect is repo;dur: \(timing)")
            #expect((timing.app ?? .infinity) < 500, "the effect's wait is not the server's handling: \(timing)")
            #expect(await eventually { gate.cancellations == 1 })
            #expect(server.statistics().deadlines == 1)
        }
    }

    @Test("over --max-in-flight a loop answers 503 with Retry-After; /health and /metrics are never refused")
    func overload() async throws {
        let gate = Gate()
        try await LiveServer.run(gate: gate, configure: { $0.maxInFlight = 1 }) { server, port in
            let slow = try HTTPClient(port: port)
            try slow.send("GET", "/slow")
            #expect(await eventually { gate.waiting == 1 })
            let refused = try HTTPClient(port: port).request("GET", "/echo")
            #expect(refused.status == 503)
            #expect(refused.header("Retry-After") == "1")
            #expect(server.statistics().overloads == 1)
            for path in ["/health", "/healthz", "/metrics"] {
                #expect(try HTTPClient(port: port).request("GET", path).status == 200, "api.md §6.3: \(path)")
            }
            #expect(server.statistics().overloads == 1)
            gate.open()
            #expect(try slow.readResponse().status == 200)
            #expect(try HTTPClient(port: port).request("GET", "/health").status == 200)
        }
    }
}
