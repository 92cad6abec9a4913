import CounterpartClient
import EmailRule
import Foundation

/// The client an app makes for the server at `baseURL`.
public func makeClient(baseURL: URL) -> Client {
    Client(baseURL: baseURL)
}

/// What a sign-up screen shows under the address as the user types: nothing for a valid address,
/// else the server's own reason (api.md §4.4).
public func emailMessage(for input: String) -> String? {
    switch EmailRule.validate(input) {
    case .success: nil
    case .failure(let rejection): rejection.message
    }
}
