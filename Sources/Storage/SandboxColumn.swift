/// The `sandbox` column every row of per-sandbox data carries (api.md §6.4), first in its table's
/// key: one sandbox's rows are one range of the key, read and dropped without touching the others'.
public enum SandboxColumn {
    /// The sandbox of every request that names none, and of every row stored before sandboxes existed.
    public static let defaultSandbox = "default"
}
