public import IssueReporting
public import Logging
import Synchronization

/// Reports programmer errors in production: one error log line each, and a running count.
///
/// Tests see `reportIssue` as failures; a running server must not crash or print runtime
/// warnings nobody reads, so `counterpart serve` installs this reporter at boot. Each line names the
/// source location, so the message that teaches (style.md) reaches the operator.
public final class LoggingIssueReporter: IssueReporter {
    private let logger: Logger
    private let count = Atomic<Int>(0)

    /// Creates a reporter writing to `logger`.
    public init(logger: Logger) {
        self.logger = logger
    }

    /// How many issues have been reported.
    public var reported: Int { count.load(ordering: .relaxed) }

    public func reportIssue(
        _ message: @autoclosure () -> String?,
        severity: IssueSeverity,
        fileID: StaticString,
        filePath: StaticString,
        line: UInt,
        column: UInt
    ) {
        count.add(1, ordering: .relaxed)
        logger.error(
            "\(message() ?? "An issue was reported.")",
            metadata: ["source": "\(fileID):\(line)", "kind": "programmer_error"]
        )
    }
}
