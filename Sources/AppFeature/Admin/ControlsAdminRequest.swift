/// A request to the demo controls' `/__admin` routes (api.md §6.2).
public enum ControlsAdminRequest: Sendable, Equatable {
    /// `GET /__admin`: the console page, loading its script from `scriptPath`.
    case console(scriptPath: String)
    /// `GET /__admin/console.js`: its script.
    case consoleScript
    /// `GET /__admin/requests?limit=`: the journal, newest first.
    case listRequests(limit: Int)
    /// `DELETE /__admin/requests`.
    case clearRequests
    /// `POST /__admin/reset`, with the body's optional `seed`.
    case reset(seed: UInt64?)
    /// `GET /__admin/controls`: the run-time flags.
    case showControls
    /// `PATCH /__admin/controls`, a JSON merge patch of the flags: `latency` `.some(nil)` turns it
    /// off; `nil` members stay as they are.
    case updateControls(latency: ClosedRange<Int>??, faultRate: Double?)
}
