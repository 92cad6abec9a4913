import CounterpartTestSupport
import Foundation
import Testing

@Suite("counterpart serve, as a process")
struct ServeCommandTests {
    @Test("serves /health, then drains and exits 0 on SIGTERM")
    func sigtermExitsCleanly() async throws {
        let server = try ServerProcess(["serve", "--port", "0", "--database", "memory", "--access-log"])
        let port = try #require(await server.listeningPort(), "no listening line in: \(server.printed)")
        let client = try HTTPClient(port: port)
        let response = try client.request("GET", "/health", headers: [("X-Request-Id", "cli-test")])
        #expect(response.status == 200)
        kill(server.process.processIdentifier, SIGTERM)
        #expect(await server.exitStatus() == 0)
        #expect(server.printed.contains("draining"))
        #expect(server.printed.contains("request_id=cli-test"), "the access log names the request")
    }

    @Test("the access log names a sandboxed request by its whole path, whatever answers it")
    func sandboxedPathsLogged() async throws {
        let server = try ServerProcess([
            "serve", "--port", "0", "--database", "memory", "--access-log", "--max-sandboxes", "1",
        ])
        let port = try #require(await server.listeningPort(), "no listening line in: \(server.printed)")
        let client = try HTTPClient(port: port)
        #expect(try client.request("GET", "/sandboxes/a/todos").status == 200)
        // One sandbox too many: refused before any sandbox runs it.
        #expect(try client.request("GET", "/sandboxes/b/todos").status == 503)
        #expect(try client.request("GET", "/todos", headers: [("Counterpart-Sandbox", "c")]).status == 503)
        // Named by a header and answered in the sandbox; a prefix naming no valid sandbox.
        let missing = "/todos/00000000-0000-0000-0000-000000000000"
        #expect(try client.request("GET", missing, headers: [("Counterpart-Sandbox", "a")]).status == 404)
        #expect(try client.request("GET", "/sandboxes/bad%20name/todos").status == 400)
        kill(server.process.processIdentifier, SIGTERM)
        #expect(await server.exitStatus() == 0)
        let lines = server.printed.split(separator: "\n")
        let logged = [
            ("/sandboxes/a/todos", 200), ("/sandboxes/b/todos", 503), ("/sandboxes/c/todos", 503),
            ("/sandboxes/a\(missing)", 404), ("/sandboxes/bad%20name/todos", 400),
        ]
        for (path, status) in logged {
            #expect(
                lines.contains { $0.contains("path=\(path) ") && $0.contains("status=\(status)") },
                "no access log line for \(path) → \(status) in: \(server.printed)")
        }
    }

    @Test("--web-url sets the web links of GitHub-style answers")
    func webURL() async throws {
        let server = try ServerProcess([
            "serve", "--port", "0", "--database", "memory", "--web-url", "https://git.example.org/",
        ])
        let port = try #require(await server.listeningPort())
        let text = try HTTPClient(port: port).request("GET", "/repos/pointlabs/swift-composable-architecture").text
        #expect(text.contains(#""html_url":"https://git.example.org/pointlabs/swift-composable-architecture""#))
        #expect(text.contains(#""ssh_url":"git@git.example.org:pointlabs/swift-composable-architecture.git""#))
        kill(server.process.processIdentifier, SIGTERM)
        #expect(await server.exitStatus() == 0)
    }

    @Test("--trust-proxy builds URLs from X-Forwarded-Proto and -Host; without it they are ignored")
    func trustProxy() async throws {
        for trusted in [true, false] {
            let server = try ServerProcess(
                ["serve", "--port", "0", "--database", "memory"] + (trusted ? ["--trust-proxy"] : []))
            let port = try #require(await server.listeningPort())
            let text = try HTTPClient(port: port).request(
                "GET", "/repos/pointlabs/swift-composable-architecture",
                headers: [("X-Forwarded-Proto", "https"), ("X-Forwarded-Host", "api.example.org")]
            ).text
            let proxied = text.contains(
                #""url":"https://api.example.org/repos/pointlabs/swift-composable-architecture""#)
            #expect(proxied == trusted, "--trust-proxy \(trusted ? "on" : "off")")
            kill(server.process.processIdentifier, SIGTERM)
            #expect(await server.exitStatus() == 0)
        }
    }

    @Test("--dev keeps sent mail in the outbox at /__admin; --token-ttl shortens the confirm link's life")
    func devOutboxAndTokenLifetime() async throws {
        let server = try ServerProcess([
            "serve", "--port", "0", "--database", "memory", "--dev", "--token-ttl", "1s",
            "--rate-limit", "newsletter-address=1/hour",
        ])
        let port = try #require(await server.listeningPort())
        let client = try HTTPClient(port: port)
        let body = Array(#"{"email":"ttl@example.com"}"#.utf8)
        let headers = [("Content-Type", "application/json")]
        #expect(try client.request("POST", "/newsletter/subscriptions", headers: headers, body: body).status == 202)
        #expect(
            try client.request("POST", "/newsletter/subscriptions", headers: headers, body: body).status == 429,
            "--rate-limit newsletter-address=1/hour")
        let outbox = try client.request("GET", "/__admin/outbox").text
        let token = try #require(outbox.split(separator: "token=").dropFirst().first?.prefix(43))
        try await Task.sleep(for: .seconds(2))
        let late = try client.request("GET", "/newsletter/confirm?token=\(token)")
        #expect(late.status == 410, "past --token-ttl 1s")
        kill(server.process.processIdentifier, SIGTERM)
        #expect(await server.exitStatus() == 0)
    }

    @Test("--latency and --fault-rate start the demo controls' flags (200..800ms, 1s, 300-400)")
    func controlFlags() async throws {
        for (latency, expected) in [
            ("200..800ms", #"{"minMs":200,"maxMs":800}"#), ("1s", #"{"minMs":1000,"maxMs":1000}"#),
            ("300-400", #"{"minMs":300,"maxMs":400}"#),
        ] {
            let server = try ServerProcess([
                "serve", "--port", "0", "--database", "memory", "--dev", "--latency", latency, "--fault-rate", "0.25",
            ])
            let port = try #require(await server.listeningPort(), "\(server.printed)")
            let flags = try HTTPClient(port: port).request("GET", "/__admin/controls").text
            #expect(flags == #"{"latency":"# + expected + #","faultRate":0.25}"#)
            kill(server.process.processIdentifier, SIGTERM)
            #expect(await server.exitStatus() == 0)
        }
    }

    @Test("SIGINT is a graceful shutdown too")
    func sigintExitsCleanly() async throws {
        let server = try ServerProcess(["serve", "--port", "0", "--database", "memory"])
        _ = try #require(await server.listeningPort())
        kill(server.process.processIdentifier, SIGINT)
        #expect(await server.exitStatus() == 0)
    }

    @Test("the service group's debug lines name each service by its job")
    func servicesNamed() async throws {
        let server = try ServerProcess(["serve", "--port", "0", "--database", "memory", "--log-level", "debug"])
        _ = try #require(await server.listeningPort(), "no listening line in: \(server.printed)")
        kill(server.process.processIdentifier, SIGTERM)
        #expect(await server.exitStatus() == 0)
        #expect(server.printed.contains(#"sl-services=["http", "sandbox sweep"]"#), "in: \(server.printed)")
        #expect(server.printed.contains("sl-service=sandbox sweep [ServiceLifecycle] Service finished"))
    }

    @Test("--help shows every limit with its default, and PORT sets the port's default")
    func helpShowsDefaults() async throws {
        let help = try ServerProcess(["serve", "--help"], environment: ["PORT": "18099"])
        #expect(await help.exitStatus() == 0)
        let text = help.printed.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for expected in [
            "--port <port>", "(default: 18099)", "--host <host>", "(default: 127.0.0.1)", "--max-header-bytes",
            "(default: 16384)", "--max-body-bytes", "(default: 1048576)", "--idle-timeout", "(default: 30s)",
            "--request-timeout", "(default: 10s)", "--max-in-flight", "(default: 1024)", "--shutdown-timeout",
            "--loops", "--database", "(default: counterpart.sqlite)", "--public-url", "--backlog", "--trust-proxy",
            "--dev", "--token-ttl <token-ttl>", "(default: 48h)", "newsletter=30/min", "newsletter-address=10/hour",
            "--seed <seed>", "(default: 1)", "--latency <latency>", "--fault-rate <fault-rate>", "(default: 0.0)",
        ] {
            #expect(text.contains(expected), "missing \(expected) in --help")
        }
    }

    @Test("--help reads as sections, each option under the concern it configures")
    func helpSections() async throws {
        let help = try ServerProcess(["serve", "--help"])
        #expect(await help.exitStatus() == 0)
        let text = help.printed
        let sections: [(title: String, options: [String])] = [
            ("SERVER:", ["--host", "--port", "--loops", "--public-url", "--trust-proxy", "--log-level"]),
            ("STORAGE:", ["--database", "--seed", "--sqlite-locking", "--response-cache-bytes", "--max-sandboxes"]),
            ("HTTP LIMITS:", ["--max-header-bytes", "--max-body-bytes", "--idle-timeout", "--max-in-flight"]),
            ("DEMO CONTROLS:", ["--dev", "--latency", "--fault-rate"]),
            ("DOMAINS:", ["--rate-limit", "--token-ttl"]),
            ("POSTGRESQL (WITH --DATABASE POSTGRES://…):", ["--postgres-connections", "--postgres-startup-wait"]),
        ]
        let starts = sections.map { text.range(of: $0.title)?.lowerBound }
        #expect(starts.allSatisfy { $0 != nil }, "\(text)")
        let bounds = starts.compactMap(\.self) + [text.endIndex]
        guard bounds.count == sections.count + 1, bounds == bounds.sorted() else {
            Issue.record("the sections are not in order: \(text)")
            return
        }
        for (index, section) in sections.enumerated() {
            let body = text[bounds[index]..<bounds[index + 1]]
            for option in section.options {
                #expect(body.contains(option + " "), "\(option) is not under \(section.title)")
            }
        }
    }

    @Test(
        "invalid options fail with a message naming the option",
        arguments: [
            (["serve", "--port", "70000"], "--port 70000"),
            (["serve", "--public-url", "ftp://x"], "--public-url"),
            (["serve", "--request-timeout", "soon"], "request-timeout"),
            (["serve", "--token-ttl", "forever"], "token-ttl"),
            (["serve", "--rate-limit", "newsletter-address=10/day"], "--rate-limit newsletter-address=10/day"),
            (["serve", "--rate-limit", "pins=1/min"], "--rate-limit pins=1/min"),
            (["serve", "--latency", "900..100ms"], "latency"),
            (["serve", "--latency", "9s"], "latency"),
            (["serve", "--fault-rate", "1.5"], "--fault-rate 1.5"),
        ])
    func invalidOptions(arguments: [String], mention: String) async throws {
        let process = try ServerProcess(arguments)
        #expect(await process.exitStatus() == 64)
        #expect(process.printed.contains(mention), "\(process.printed)")
    }
}

@Suite("counterpart probe")
struct ProbeCommandTests {
    @Test("exits 0 against a healthy server and non-zero when nothing listens")
    func probe() async throws {
        let server = try ServerProcess(["serve", "--port", "0", "--database", "memory"])
        let port = try #require(await server.listeningPort())
        let healthy = try ServerProcess(["probe", "--port", "\(port)"])
        #expect(await healthy.exitStatus() == 0)
        kill(server.process.processIdentifier, SIGTERM)
        #expect(await server.exitStatus() == 0)
        // Not the server's port: once freed, a server another test starts may take it. A port held
        // bound without listening refuses every connection for as long as it is held.
        let silent = try #require(SilentPort())
        let nobody = try ServerProcess(["probe", "--port", "\(silent.port)"])
        let status = await nobody.exitStatus()
        #expect(status != nil && status != 0)
        withExtendedLifetime(silent) {}
    }
}

/// A loopback port bound and not listening: connecting to it is refused, and no other process can
/// listen on it while this value lives.
private final class SilentPort {
    let port: Int
    private let fd: Int32

    init?() {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            return nil
        }
        self.fd = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(fd)
    }
}
