/// A request about sandboxes themselves (api.md §6.4), not inside one.
public enum SandboxesRequest: Sendable, Equatable {
    /// `DELETE /sandboxes/{name}`: drops it with its data.
    case drop(SandboxName)
    /// `GET /__admin/sandboxes` (`--dev`): the live sandboxes with their last use.
    case list
}
