/// The raw requests of #13's corpus, generated from small lists: request lines, methods, versions,
/// header syntax, framing (duplicate and signed lengths, CL+TE, chunk syntax), HEAD and GET with
/// bodies, pipelining and encodings. Each says what the server must answer and whether the
/// connection must end after it; `RequestCorpusLiveTests` sends every one with a request behind it.
struct CorpusCase: CustomStringConvertible {
    /// What is sent before the follow-up request.
    let bytes: [UInt8]
    /// The statuses of the answers, in order.
    let statuses: [Int]
    /// Whether the connection must end after them (else the follow-up must be answered 200).
    let closes: Bool
    /// Whether the first answer is to HEAD (a length but no body).
    var isHead = false
    /// Whether the answer came from a route before the connection closed (CONNECT, an upgrade),
    /// rather than from the HTTP layer refusing the request.
    var isAnsweredThenClosed = false

    /// Whether the HTTP layer refused it (counted in `/metrics`).
    var isRefused: Bool { closes && (statuses.last ?? 0) >= 400 && !isAnsweredThenClosed }

    var description: String { String(decoding: bytes.prefix(120), as: UTF8.self).debugDescription }

    static func refused(_ text: String, _ status: Int = 400) -> Self {
        Self(bytes: Array(text.utf8), statuses: [status], closes: true)
    }

    /// Answered, and then the connection ends: what follows may be a tunnel or another protocol.
    static func answeredThenClosed(_ text: String, _ status: Int) -> Self {
        Self(bytes: Array(text.utf8), statuses: [status], closes: true, isAnsweredThenClosed: true)
    }

    static func answered(_ text: String, _ statuses: Int...) -> Self {
        Self(bytes: Array(text.utf8), statuses: statuses, closes: false)
    }
}

enum RequestCorpus {
    static let host = "Host: x\r\n"

    static var all: [CorpusCase] {
        methods + requestLines + targets + hosts + versions + headerSyntax + lengths + encodings + chunks
            + bodiesWithoutMeaning + pipelines + bytes + limits
    }

    static var methods: [CorpusCase] {
        let known = [("GET", 200), ("POST", 405), ("PUT", 405), ("PATCH", 405), ("DELETE", 405), ("TRACE", 405)]
            .map { CorpusCase.answered("\($0.0) /health HTTP/1.1\r\n\(host)\r\n", $0.1) }
        let unknown = ["BREW", "QUERY", "PROPFIND", "get", "Get", "M-SEARCH", "X_Y", "A!#$%&'*+-.^_`|~1", "LINK"]
            .map { CorpusCase.refused("\($0) /health HTTP/1.1\r\n\(host)\r\n", 501) }
        let invalid = [
            "GE(T", "GE)T", "GE<T", "GE>T", "GE@T", "GE,T", "GE;T", "GE:T", "GE\\T", "GE\"T", "GE/T", "GE[T",
            "GE]T", "GE?T", "GE=T", "GE{T", "GE}T", "G\u{1}T", "G\u{7F}T", "GÉT", "GET\t",
        ].map { CorpusCase.refused("\($0) /health HTTP/1.1\r\n\(host)\r\n") }
        let tunnels = [
            CorpusCase.answeredThenClosed("CONNECT /health HTTP/1.1\r\n\(host)\r\n", 405),
            CorpusCase.answeredThenClosed("CONNECT localhost:8080 HTTP/1.1\r\n\(host)\r\n", 405),
            CorpusCase.answeredThenClosed(
                "GET /health HTTP/1.1\r\n\(host)Connection: upgrade\r\nUpgrade: websocket\r\n\r\n", 200),
        ]
        return known + unknown + invalid + tunnels + [
            CorpusCase.answered("GET /health HTTP/1.1\r\n\(host)Upgrade: websocket\r\n\r\n", 200),
            CorpusCase.refused("CONNECT local host HTTP/1.1\r\n\(host)\r\n"),
            CorpusCase.refused("CONNECT a/b HTTP/1.1\r\n\(host)\r\n"),
            CorpusCase.refused("CONNECT example.com HTTP/1.1\r\n\(host)\r\n"),
            CorpusCase.refused("CONNECT :443 HTTP/1.1\r\n\(host)\r\n"),
        ]
    }

    /// RFC 9112 §3.2: origin-form starts with `/`; absolute-form is accepted and routed by its path.
    static var targets: [CorpusCase] {
        let routed = [
            "http://localhost/health", "HTTP://localhost:8080/health", "https://x/health?verbose=1",
            "http://[::1]:8080/health",
        ].map { CorpusCase.answered("GET \($0) HTTP/1.1\r\n\(host)\r\n", 200) }
        let refused = [
            "health", "health/", "localhost:8080", "http:/health", "http//x/health", "ftp://x/health",
            "http://user@x/health", "http://a%zz/health", "http:///health", "*", "http://:80/health",
        ].map { CorpusCase.refused("GET \($0) HTTP/1.1\r\n\(host)\r\n") }
        return routed + refused + [CorpusCase.answered("GET http://x HTTP/1.1\r\n\(host)\r\n", 200)]
    }

    /// RFC 9112 §3.2: a `Host` that is not `uri-host [ ":" port ]` is 400; an empty one is valid.
    static var hosts: [CorpusCase] {
        let valid = [
            "", "x", "localhost:8080", "localhost:", "127.0.0.1", "[::1]:8080", "[::ffff:192.0.2.1]", "[v1.x]",
            "a_b.c-d~e", "a%20b", "x,y",
        ]
        .map { CorpusCase.answered("GET /health HTTP/1.1\r\nHost: \($0)\r\n\r\n", 200) }
        let invalid = [
            "a b", "a/b", "a@b", "x:y:z", "localhost:abc", "[::1", "::1", "a?b", "a#b", "a\tb", "caf\u{E9}", "a%2",
            "[zz]", "[1::2::3]", "[fe80::1%25eth0]", "[1.2.3.4]",
        ].map { CorpusCase.refused("GET /health HTTP/1.1\r\nHost: \($0)\r\n\r\n") }
        return valid + invalid
    }

    static var requestLines: [CorpusCase] {
        [
            " GET /health HTTP/1.1", "GET  /health HTTP/1.1", "GET /health  HTTP/1.1", "GET /health HTTP/1.1 ",
            "GET /health\tHTTP/1.1", "GET\t/health HTTP/1.1", "GET/health HTTP/1.1", "GET /health",
            "GET /health HTTP/1.1 extra", "GET /he alth HTTP/1.1", "GET /h\u{1}ealth HTTP/1.1",
            "GET /hé HTTP/1.1", "GET  HTTP/1.1", "/health HTTP/1.1", "",
        ].map { CorpusCase.refused("\($0)\r\n\(host)\r\n") }
            + [CorpusCase.answered("\r\nGET /health HTTP/1.1\r\n\(host)\r\n", 200)]
    }

    static var versions: [CorpusCase] {
        let unsupported = ["HTTP/0.9", "HTTP/2.0", "HTTP/3.0", "HTTP/1.2", "HTTP/9.9", "HTTP/0.0"]
            .map { CorpusCase.refused("GET /health \($0)\r\n\(host)\r\n", 505) }
        let malformed = [
            "HTTP/01.1", "HTTP/1.-1", "HTTP/1.10", "HTTP/1", "HTTP/1.", "HTTP/11", "http/1.1", "HTTPS/1.1",
            "HTTP/1.1x", "HTTP/+1.1", "HTTP/1,1", "HTTP/ 1.1", "HTTP/1.1\u{0}", "HTTP\\1.1", "HTTP/a.b",
        ].map { CorpusCase.refused("GET /health \($0)\r\n\(host)\r\n") }
        let sound = [
            CorpusCase(bytes: Array("GET /health HTTP/1.0\r\n\r\n".utf8), statuses: [200], closes: true),
            CorpusCase(bytes: Array("GET /health HTTP/1.0\r\n\(host)\r\n".utf8), statuses: [200], closes: true),
            CorpusCase.answered("GET /health HTTP/1.1\r\n\(host)\r\n", 200),
        ]
        return unsupported + malformed + sound
    }

    static var headerSyntax: [CorpusCase] {
        let separators = "()<>@,;\\\"/[]?={} \t".map { "Fo\($0)o: x" }
        let bad =
            separators + [
                "Foo : x", "Foo\t: x", " Foo: x", "Foo: x\r\n continued", "Foo: x\r\n\tcontinued", "Foo x", ": x",
                "Fo\u{0}o: x", "Foo: a\u{0}b", "Foo: a\u{1}b", "Foo: a\u{7F}b", "Foo: a\rb", "Foo: a\nb", "Fóo: x",
                "Host: y", "Counterpart\u{1B}: x",
            ]
        let refused = bad.flatMap { header in
            ["GET /health", "POST /todos", "GET /search/repositories?q=x"].map {
                CorpusCase.refused("\($0) HTTP/1.1\r\n\(host)\(header)\r\n\r\n")
            }
        }
        let sound = ["Foo: ", "Foo:x", "Foo:   x   ", "Foo: é", "Foo: a\tb", "X-!#$%&'*+-.^_`|~: 1", "Host-Like: y"]
            .map { CorpusCase.answered("GET /health HTTP/1.1\r\n\(host)\($0)\r\n\r\n", 200) }
        let hosts = [
            CorpusCase.refused("GET /health HTTP/1.1\r\n\r\n"),
            CorpusCase.refused("GET /health HTTP/1.1\r\nHost: a\r\nhost: a\r\n\r\n"),
            CorpusCase.answered("GET /health HTTP/1.1\r\nHost:\r\n\r\n", 200),
        ]
        return refused + sound + hosts
    }

    static var lengths: [CorpusCase] {
        let doubtful =
            [
                "+5", "-5", "5 5", "5,5", "5, 5", "0x5", "5.0", "1e1", "five", "", "\u{0}5",
            ].map { "Content-Length: \($0)" } + [
                "Content-Length: 0\r\nContent-Length: 5", "Content-Length: 5\r\nContent-Length: 0",
                "Content-Length: 5\r\nContent-Length: 6", "Content-Length: 5\r\nTransfer-Encoding: chunked",
                // RFC 9110 §8.6 lets a recipient take identical lengths; strict llhttp does not.
                "Content-Length: 5\r\nContent-Length: 5", "Content-Length:\t5",
            ]
        let refused = doubtful.flatMap { header in
            ["POST /health", "GET /health"].map {
                CorpusCase.refused("\($0) HTTP/1.1\r\n\(host)\(header)\r\n\r\nhello")
            }
        }
        let sound = [
            "Content-Length: 5", "Content-Length:  5 ", "Content-Length: 05",
        ].map { CorpusCase.answered("POST /health HTTP/1.1\r\n\(host)\($0)\r\n\r\nhello", 405) }
        return refused + sound + [CorpusCase.answered("POST /health HTTP/1.1\r\n\(host)Content-Length: 0\r\n\r\n", 405)]
    }

    static var encodings: [CorpusCase] {
        let doubtful = [
            "gzip", "identity", "chunked, identity", "gzip, chunked", "chunked;q=1", "xchunked", "chunkedx", "chunked,",
            "chunked\r\nTransfer-Encoding: chunked", "chunked\r\nContent-Length: 5", "", "chunked\t",
        ].map { "Transfer-Encoding: \($0)" }
        let refused = doubtful.map {
            CorpusCase.refused("POST /health HTTP/1.1\r\n\(host)\($0)\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
        }
        let sound = ["chunked", "Chunked", "CHUNKED", " chunked "].map {
            CorpusCase.answered(
                "POST /health HTTP/1.1\r\n\(host)Transfer-Encoding:\($0)\r\n\r\n5\r\nhello\r\n0\r\n\r\n", 405)
        }
        return refused + sound + [
            CorpusCase.refused("POST /health HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
        ]
    }

    static var chunks: [CorpusCase] {
        let head = "POST /health HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n"
        let sound = [
            "5\r\nhello\r\n0\r\n\r\n", "5;ext=1\r\nhello\r\n0\r\n\r\n", "5;ext\r\nhello\r\n0\r\n\r\n",
            "5;a=\"b c\"\r\nhello\r\n0\r\n\r\n", "5;a=\"b\\\"c\";d\r\nhello\r\n0\r\n\r\n",
            "0000000000000000005\r\nhello\r\n0\r\n\r\n", "A\r\n0123456789\r\n0\r\n\r\n", "a\r\n0123456789\r\n0\r\n\r\n",
            "0\r\n\r\n", "0\r\nTrailer-Field: x\r\n\r\n", "005\r\nhello\r\n0\r\n\r\n",
            "2\r\nhe\r\n3\r\nllo\r\n0\r\n\r\n", "5\r\nhello\r\n000\r\n\r\n",
        ].map { CorpusCase.answered(head + $0, 405) }
        let refused = [
            "0x5\r\nhello\r\n0\r\n\r\n", "+5\r\nhello\r\n0\r\n\r\n", " 5\r\nhello\r\n0\r\n\r\n",
            "-5\r\nhello\r\n0\r\n\r\n",
            "5\nhello\r\n0\r\n\r\n", "5\r\nhelloXX0\r\n\r\n", "g\r\nhello\r\n0\r\n\r\n", "\r\nhello\r\n0\r\n\r\n",
            "5\r\nhello\r\n0\r\n", "5\r\nhello\n0\r\n\r\n", "5\u{0}\r\nhello\r\n0\r\n\r\n",
            // No whitespace on a chunk-size line, no empty extension (strict llhttp's reading).
            "5 ;ext\r\nhello\r\n0\r\n\r\n", "5; a\r\nhello\r\n0\r\n\r\n", "5;\r\nhello\r\n0\r\n\r\n",
            "5;a=\r\nhello\r\n0\r\n\r\n", "5 \r\nhello\r\n0\r\n\r\n",
            "0\r\nContent-Length: 5\r\n\r\n", "0\r\ntransfer-encoding: chunked\r\n\r\n",
            "0\r\nTrailer Field: x\r\n\r\n", "0\r\n: x\r\n\r\n", "5 x\r\nhello\r\n0\r\n\r\n",
            "0\r\nTrailer-Field: \u{1}\r\n\r\n", "5;\u{1}\r\nhello\r\n0\r\n\r\n",
        ].map { CorpusCase.refused(head + $0) }
        let endlessExtension = "5;" + String(repeating: "a", count: 20_000) + "\r\nhello\r\n0\r\n\r\n"
        return sound + refused + [
            CorpusCase.refused(head + "200000\r\n", 413), CorpusCase.refused(head + "FFFFFFFFFFFFFFFF\r\n", 413),
            CorpusCase.refused(head + endlessExtension, 431),
        ]
    }

    /// HEAD and TRACE with bodies they have no use for (read by their framing and dropped; a request
    /// hidden in one is never answered, a broken framing refuses the request); GET and DELETE, whose
    /// bodies are read.
    static var bodiesWithoutMeaning: [CorpusCase] {
        let hidden = "GET /nope HTTP/1.1\r\n\(host)\r\n"
        return [
            CorpusCase(
                bytes: Array(
                    "HEAD /health HTTP/1.1\r\n\(host)Content-Length: \(hidden.utf8.count)\r\n\r\n\(hidden)".utf8),
                statuses: [200], closes: false, isHead: true),
            CorpusCase(
                bytes: Array(
                    "HEAD /health HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n".utf8),
                statuses: [200], closes: false, isHead: true),
            CorpusCase.answered(
                "TRACE /health HTTP/1.1\r\n\(host)Content-Length: \(hidden.utf8.count)\r\n\r\n\(hidden)", 405),
            CorpusCase.answered(
                "TRACE /health HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n", 405),
            CorpusCase(
                bytes: Array(
                    "TRACE /health HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n0x5\r\nhello\r\n".utf8),
                statuses: [400], closes: true),
            CorpusCase(
                bytes: Array("HEAD /health HTTP/1.1\r\n\(host)Content-Length: 0\r\n\r\n".utf8), statuses: [200],
                closes: false, isHead: true),
            CorpusCase.answered("GET /health HTTP/1.1\r\n\(host)Content-Length: 5\r\n\r\nhello", 200),
            CorpusCase.answered(
                "GET /health HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n", 200),
            CorpusCase.answered("DELETE /health HTTP/1.1\r\n\(host)Content-Length: 5\r\n\r\nhello", 405),
        ]
    }

    static var pipelines: [CorpusCase] {
        let get = "GET /health HTTP/1.1\r\n\(host)\r\n"
        return [
            CorpusCase.answered(get + get + get, 200, 200, 200),
            CorpusCase(bytes: Array((get + "GE(T / HTTP/1.1\r\n\r\n").utf8), statuses: [200, 400], closes: true),
            CorpusCase(
                bytes: Array((get + "BREW / HTTP/1.1\r\n\(host)\r\n").utf8), statuses: [200, 501], closes: true),
            CorpusCase.answered("POST /health HTTP/1.1\r\n\(host)Content-Length: 5\r\n\r\nhello" + get, 405, 200),
            CorpusCase(
                bytes: Array(
                    (get + "GET /health HTTP/1.1\r\n\(host)Content-Length: 1\r\nContent-Length: 2\r\n\r\nab").utf8),
                statuses: [200, 400], closes: true),
        ]
    }

    /// Encodings of the bytes themselves: a BOM, UTF-16, a NUL, Latin-1 in a value.
    static var bytes: [CorpusCase] {
        [
            CorpusCase(
                bytes: [0xEF, 0xBB, 0xBF] + Array("GET /health HTTP/1.1\r\n\(host)\r\n".utf8), statuses: [400],
                closes: true),
            CorpusCase(
                bytes: Array("GET /health HTTP/1.1\r\n\(host)\r\n".utf16).flatMap { [UInt8($0 & 0xFF), 0] },
                statuses: [400], closes: true),
            CorpusCase(bytes: [0] + Array("GET /health HTTP/1.1\r\n\(host)\r\n".utf8), statuses: [400], closes: true),
            CorpusCase(
                bytes: Array("GET /health HTTP/1.1\r\n\(host)X: caf".utf8) + [0xE9] + Array("\r\n\r\n".utf8),
                statuses: [200], closes: false),
        ]
    }

    static var limits: [CorpusCase] {
        [
            CorpusCase.refused(
                "GET /health HTTP/1.1\r\n\(host)X: \(String(repeating: "a", count: 17_000))\r\n\r\n", 431),
            CorpusCase.refused("POST /health HTTP/1.1\r\n\(host)Content-Length: 2000000\r\n\r\n", 413),
            CorpusCase.refused("POST /health HTTP/1.1\r\n\(host)Content-Length: 99999999999999999999999\r\n\r\n", 413),
        ]
    }
}
