import HTTPKit

/// Reads a chunked body's framing (RFC 9112 §7.1) one byte at a time, strictly.
///
/// A lenient reader (evhttp's `strtoll`) lets `+5`, ` 5` and `0x5` pass as sizes — each a way for
/// a proxy in front and this server to disagree about where a body ends. This reader accepts
/// exactly `1*HEXDIG *chunk-ext CRLF` with no whitespace anywhere on the line (`ChunkExtensions`),
/// data, CRLF, and a last chunk with optional trailer fields, which are checked and dropped — and
/// refused when they name the message's framing (`Content-Length`, `Transfer-Encoding`: RFC 9110
/// §6.5.1 forbids them there, and strict llhttp refuses them). Data bytes are not fed here: while
/// `dataRemaining` is non-zero `RequestReader` takes them in bulk.
struct ChunkedFraming {
    private enum State: Equatable {
        case size(digits: Int, value: Int)
        case extensions(value: Int, ChunkExtensions)
        case sizeLF(value: Int)
        case data
        case dataCR
        case dataLF
        case trailerStart
        case trailerName
        case trailerValue
        case trailerLF
        case finalLF
        case finished
    }

    /// What one framing byte leads to.
    enum Step: Equatable {
        /// The body goes on (framing, or `dataRemaining` data bytes next).
        case needMore
        /// The body is complete; the next byte starts a new request.
        case finished
    }

    private var state = State.size(digits: 0, value: 0)
    private let maxBodyBytes: Int
    private let maxTrailerBytes: Int
    private var bodyBytes = 0
    private var trailerBytes = 0
    /// The current trailer line's name so far, lower-cased, as far as a framing field's name goes.
    private var trailerName: [UInt8] = []
    /// Data bytes of the current chunk still to pass through unread.
    private(set) var dataRemaining = 0
    /// Bytes of the current size line: extensions are allowed, not without end (at most
    /// `maxTrailerBytes`, the head's limit, like any line of framing).
    private var sizeLineBytes = 0

    init(maxBodyBytes: Int, maxTrailerBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
        self.maxTrailerBytes = maxTrailerBytes
    }

    /// Records that `count` data bytes passed through.
    mutating func passed(_ count: Int) {
        dataRemaining -= count
        if dataRemaining == 0 { state = .dataCR }
    }

    /// Takes one framing byte.
    mutating func read(_ byte: UInt8) throws(RequestRefusal) -> Step {
        switch state {
        case .size, .extensions, .sizeLF:
            sizeLineBytes += 1
            guard sizeLineBytes <= maxTrailerBytes else {
                throw RequestRefusal(
                    .headersTooLarge, "A chunk-size line exceeds \(maxTrailerBytes) bytes (--max-header-bytes).")
            }
        default:
            sizeLineBytes = 0
        }
        switch state {
        case .size(let digits, let value):
            if let digit = byte.hexValue.map(Int.init) {
                // Past the body limit the size is refused before it is computed, so it cannot
                // overflow whatever the limit (`--max-body-bytes` may be near `Int.max`) and
                // whatever its leading zeros: `0000000000000000005` is five.
                guard value <= (maxBodyBytes - digit) / 16 else { throw Self.tooLarge(maxBodyBytes) }
                state = .size(digits: digits + 1, value: value * 16 + digit)
                return .needMore
            }
            guard digits > 0 else {
                throw Self.malformed("A chunk size must start with a hex digit; got \(Printable.quote([byte])).")
            }
            return try endOfSize(byte, value: value)
        case .extensions(let value, var extensions):
            state = try extensions.read(byte) ? .sizeLF(value: value) : .extensions(value: value, extensions)
            return .needMore
        case .sizeLF(let value):
            try Self.expect(byte, "\n", else: "A chunk-size line must end in CRLF.")
            return try startChunk(value)
        case .data, .finished:
            // Unreachable by contract (data passes through; a finished body's next byte is the next
            // request's): a bug here refuses the request rather than misreading it.
            assertionFailure("ChunkedFraming read a byte in state \(state).")
            throw Self.malformed("The chunked framing could not be followed.")
        case .dataCR:
            try Self.expect(byte, "\r", else: "A chunk's data must be followed by CRLF.")
            state = .dataLF
            return .needMore
        case .dataLF:
            try Self.expect(byte, "\n", else: "A chunk's data must be followed by CRLF.")
            state = .size(digits: 0, value: 0)
            return .needMore
        case .trailerStart:
            if byte == UInt8(ascii: "\r") {
                state = .finalLF
                return .needMore
            }
            guard HTTPToken.isTokenByte(byte) else {
                throw Self.malformed("A trailer line must start with a field name; got \(Printable.quote([byte])).")
            }
            state = .trailerName
            trailerName.removeAll(keepingCapacity: true)
            return try trailerByte(byte)
        case .trailerName, .trailerValue:
            return try trailerByte(byte)
        case .trailerLF:
            try Self.expect(byte, "\n", else: "A trailer line must end in CRLF.")
            state = .trailerStart
            return .needMore
        case .finalLF:
            try Self.expect(byte, "\n", else: "A chunked body must end in CRLF.")
            state = .finished
            return .finished
        }
    }

    private mutating func endOfSize(_ byte: UInt8, value: Int) throws(RequestRefusal) -> Step {
        switch byte {
        case UInt8(ascii: "\r"):
            state = .sizeLF(value: value)
        case UInt8(ascii: ";"):
            state = .extensions(value: value, ChunkExtensions())
        default:
            throw Self.malformed(
                "A chunk size is hex digits, then \";\" and an extension or CRLF, without spaces; got \(Printable.quote([byte])) after the digits."
            )
        }
        return .needMore
    }

    private mutating func startChunk(_ size: Int) throws(RequestRefusal) -> Step {
        guard size > 0 else {
            state = .trailerStart
            return .needMore
        }
        guard size <= maxBodyBytes - bodyBytes else { throw Self.tooLarge(maxBodyBytes) }
        bodyBytes += size
        state = .data
        dataRemaining = size
        return .needMore
    }

    /// A trailer field line is checked like a header line: a token, a colon, a value without controls.
    private mutating func trailerByte(_ byte: UInt8) throws(RequestRefusal) -> Step {
        trailerBytes += 1
        guard trailerBytes <= maxTrailerBytes else {
            throw RequestRefusal(.headersTooLarge, "The trailer fields exceed \(maxTrailerBytes) bytes.")
        }
        if state == .trailerName {
            if byte == UInt8(ascii: ":") {
                try refuseFramingTrailer()
                state = .trailerValue
            } else if HTTPToken.isTokenByte(byte) {
                // One byte past the longest name is kept, so a longer name never matches; `| 0x20`
                // lower-cases a letter, and no other token byte becomes one.
                if trailerName.count <= Self.longestFramingName { trailerName.append(byte | 0x20) }
            } else {
                throw Self.malformed(
                    "A trailer line must be a field name, a colon and a value; got \(Printable.quote([byte])).")
            }
        } else if byte == UInt8(ascii: "\r") {
            state = .trailerLF
        } else if byte < 0x20 && byte != 0x09 || byte == 0x7F {
            throw Self.malformed("A trailer field holds the control byte \(Printable.hex(byte)).")
        }
        return .needMore
    }

    private static let framingFieldNames = [Array("content-length".utf8), Array("transfer-encoding".utf8)]
    private static let longestFramingName = framingFieldNames.map(\.count).max() ?? 0

    private func refuseFramingTrailer() throws(RequestRefusal) {
        guard Self.framingFieldNames.contains(trailerName) else { return }
        throw Self.malformed(
            "A trailer cannot carry \(String(decoding: trailerName, as: UTF8.self)): it frames the message (RFC 9110 §6.5.1)."
        )
    }

    /// Refuses the body unless `byte` is the line-ending byte `expected`.
    private static func expect(_ byte: UInt8, _ expected: Unicode.Scalar, else detail: String) throws(RequestRefusal) {
        guard byte == UInt8(ascii: expected) else { throw malformed(detail) }
    }

    private static func tooLarge(_ limit: Int) -> RequestRefusal {
        RequestRefusal(.bodyTooLarge, "The chunked body exceeds \(limit) bytes, the most this server takes.")
    }

    private static func malformed(_ detail: String) -> RequestRefusal {
        RequestRefusal(.malformed, detail)
    }
}
