public import IssueReporting
public import Logging

/// Reports programmer errors in production: one error log line each.
///
/// Tests see `reportIssue` as failures; a running server must not crash or print runtime
/// warnings nobody reads, so `counterpart serve` installs this reporter at boot. Each line names the
/// source location, so the message that teaches (style.md) reaches the operator.
public struct LoggingIssueReporter: IssueReporter {
    private let logger: Logger

    /// Creates a reporter writing to `logger`.
    public init(logger: Logger) {
        self.logger = logger
    }

    public func reportIssue(
        _ message: @autoclosure () -> String?,
        severity: IssueSeverity,
        fileID: StaticString,
        filePath: StaticString,
        line: UInt,
        column: UInt
    ) {
        logger.error(
            "\(message() ?? "An issue was reported.")",
            metadata: ["source": "\(fileID):\(line)", "kind": "programmer_error"]
        )
    }
}
