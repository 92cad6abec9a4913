public import HTTPKit
public import HTTPTypes

/// Routing for the demo controls' `/__admin` routes: the console page, the request journal, the
/// run-time flags and the reset. Registered only with `--dev`, so without it these paths are 404.
public struct ControlsAdminRoutes: Routes {
    /// The most journal entries one request may ask for.
    public static let maximumLimit = 500
    static let console = "/__admin"
    static let consoleScript = "/__admin/console.js"
    static let requests = "/__admin/requests"
    static let controls = "/__admin/controls"
    static let reset = "/__admin/reset"

    /// Creates the table.
    public init() {}

    public func methods(for path: String) -> [HTTPRequest.Method]? {
        switch path {
        case Self.console, Self.consoleScript: [.get]
        case Self.requests: [.get, .delete]
        case Self.controls: [.get, .patch]
        case Self.reset: [.post]
        default: nil
        }
    }

    public func template(for path: String) -> String { path }

    public func offeredTypes(for path: String) -> [String] {
        switch path {
        case Self.console: ["text/html"]
        case Self.consoleScript: ["text/javascript"]
        default: ["application/json"]
        }
    }

    public func route(_ request: ServerRequest, context: RouteContext) throws(RouteError) -> ControlsAdminRequest {
        switch (request.path, request.method) {
        case (Self.console, _): return .console(scriptPath: context.basePath + Self.consoleScript)
        case (Self.consoleScript, _): return .consoleScript
        case (Self.requests, .delete): return .clearRequests
        case (Self.requests, _): return .listRequests(limit: try Self.limit(request.queryParameters["limit"]))
        case (Self.controls, .patch): return try Self.update(from: request)
        case (Self.reset, _): return .reset(seed: try Self.seed(from: request))
        default: return .showControls
        }
    }

    /// `limit`: 1–500, default 100.
    static func limit(_ text: String?) throws(RouteError) -> Int {
        guard let text else { return 100 }
        guard let limit = Int(text), (1...maximumLimit).contains(limit) else {
            throw RouteError(
                .malformedRequest(
                    "limit must be a whole number from 1 to \(maximumLimit).",
                    errors: [FieldError(field: "limit", code: "invalid", detail: "limit must be 1–\(maximumLimit).")]
                )
            )
        }
        return limit
    }

    /// The optional `seed` of a reset's body (`{}` or no body at all: the served seed).
    static func seed(from request: ServerRequest) throws(RouteError) -> UInt64? {
        guard !request.body.isEmpty else { return nil }
        var body = try BodyReader(request)
        let seed = body.integer("seed", in: 0...(1 << 53))
        try body.validated()
        return seed.map(UInt64.init)
    }

    /// The body as a JSON merge patch of the flags: `latency` (`null` turns it off, else
    /// `{"minMs", "maxMs"}` within 0–8000) and `faultRate` (0–1); absent members stay as they are.
    static func update(from request: ServerRequest) throws(RouteError) -> ControlsAdminRequest {
        var body = try BodyReader(request, accepting: BodyReader.patchTypes)
        var latency: ClosedRange<Int>?? = nil
        if body.isNull("latency") {
            latency = .some(nil)
        } else if var range = body.object("latency") {
            let bounds = 0...DemoPreferences.maximumDelay
            let minimum = range.integer("minMs", required: true, in: bounds)
            let maximum = range.integer("maxMs", required: true, in: bounds)
            if let minimum, let maximum {
                if minimum <= maximum {
                    latency = minimum...maximum
                } else {
                    range.fail(
                        FieldError(field: "maxMs", code: "out_of_range", detail: "maxMs must not be below minMs."))
                }
            }
            body.collect(range)
        }
        let faultRate = body.number("faultRate", in: 0...1)
        try body.validated()
        return .updateControls(latency: latency, faultRate: faultRate)
    }
}
