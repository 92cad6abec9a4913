import Foundation

/// The wall clock in Unix milliseconds: what state shared between instances is timed by, since
/// their monotonic clocks do not agree.
public func unixMilliseconds() -> Int64 {
    Int64(Date().timeIntervalSince1970 * 1000)
}
